import { RefundsSection } from '../../../../components/orders/RefundsSection';
import { useOrderRefunds } from '../../../../lib/order-refunds';

/** The buyer's view of an order's refunds (issue 21): shown once the seller refunded something. */
export function BuyerOrderRefunds({ orderId }: { orderId: string }) {
  const refunds = useOrderRefunds(orderId);
  return (
    <RefundsSection
      refunds={refunds.data}
      loading={refunds.isPending}
      error={refunds.error}
      onRetry={() => void refunds.refetch()}
      hideWhenEmpty
    />
  );
}
