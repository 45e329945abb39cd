import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { ComingSoon } from '../../../../components/ComingSoon';

/** Placeholder until this section is built: says so plainly, shows no invented data. */
export function OrdersPage() {
  return (
    <ComingSoon
      title="Orders"
      icon={<ReceiptLongOutlinedIcon />}
      purpose="Your customers’ orders will appear here, with shipping, tracking and payment status."
    />
  );
}

export default OrdersPage;
