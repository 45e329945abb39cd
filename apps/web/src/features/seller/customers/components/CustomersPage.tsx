import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { ComingSoon } from '../../../../components/ComingSoon';

/** Placeholder until this section is built: says so plainly, shows no invented data. */
export function CustomersPage() {
  return (
    <ComingSoon
      title="Customers"
      icon={<PeopleAltOutlinedIcon />}
      purpose="It will list the retailers who buy from you, with their last order and order count."
    />
  );
}

export default CustomersPage;
