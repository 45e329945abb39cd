import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { ComingSoon } from '../../../../components/ComingSoon';

/** Placeholder until this section is built: says so plainly, shows no invented data. */
export function StripeConnectPage() {
  return (
    <ComingSoon
      title="Set Up Payments"
      icon={<PaymentsOutlinedIcon />}
      purpose="It will connect your payment account so retailers can pay by card, and list your bank accounts for payouts."
    />
  );
}

export default StripeConnectPage;
