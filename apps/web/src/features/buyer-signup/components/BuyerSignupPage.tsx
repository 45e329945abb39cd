import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { ComingSoonPage } from '../../../components/ComingSoonPage';

/** /details-buyer — buyer account creation after an invite, built in a later release. */
export function BuyerSignupPage() {
  return (
    <ComingSoonPage
      title="Buyer sign-up"
      icon={<PersonAddAltOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />}
      purpose="It will finish your buyer account after you accept an invitation."
    />
  );
}

export default BuyerSignupPage;
