import { PREORDER_CARD_CHARGE_MESSAGE, preorderTermsMessage, type Cart } from '@cratebase/contract';
import Alert from '@mui/material/Alert';

/**
 * Issue 25 (docs/decisions/012-pre-orders.md): with pre-order items in the cart, when the buyer
 * pays — by card, everything when the order is placed; on terms, net days after it ships.
 * Nothing without pre-orders.
 */
export function PreorderChargeNote({ cart, netDays }: { cart: Cart; netDays?: number }) {
  if (!cart.line_items.some((line) => line.product.preorder)) return null;
  return (
    <Alert severity="info" data-testid="preorder-charge-note" sx={{ mb: 2 }}>
      {netDays ? preorderTermsMessage(netDays) : PREORDER_CARD_CHARGE_MESSAGE}
    </Alert>
  );
}
