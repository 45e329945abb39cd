import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import { ComingSoon } from '../../../../components/ComingSoon';

/** Placeholder until this section is built: says so plainly, shows no invented data. */
export function CustomerDetailPage() {
  return (
    <ComingSoon
      title="Customer"
      icon={<PersonOutlineOutlinedIcon />}
      purpose="It will show this customer’s orders and invoices."
    />
  );
}

export default CustomerDetailPage;
