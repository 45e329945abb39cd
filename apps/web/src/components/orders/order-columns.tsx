/**
 * The columns and card fields the seller's Orders page and the buyer's Orders page share: the
 * order number, the date, the PO number under a cell, the amount, Shipped?, the payment status
 * with its refund chip, and the actions; on a phone, the card's lines.
 */
import type { ReactNode } from 'react';
import { PO_NUMBER_LABEL, paymentStatusLabel, type Order, type OrderSummary } from '@cratebase/contract';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DataColumn } from '../DataTable';
import { formatCents, formatDate } from '../../lib/format';
import { OrderAmount } from './OrderAmount';
import type { OrderCardField } from './OrderCardList';
import { orderNumber } from './order-format';
import { RefundChip } from './RefundChip';

/** Spec section 4: Shipped? is Yes when the shipping information has a status. */
export function isShipped(order: Pick<Order, 'shipping_information'>): boolean {
  return Boolean(order.shipping_information?.status);
}

/** Shipped?: Partial while units are left to ship after a first shipment (issue 23), Yes once all left, else No. */
export function shippedLabel(order: Pick<Order, 'shipping_information' | 'state'>): 'Yes' | 'Partial' | 'No' {
  if (order.state === 'partially_shipped') return 'Partial';
  return isShipped(order) ? 'Yes' : 'No';
}

/** Spec section 4: the invoice status upper-cased or N/A; OPEN is shown as an error. */
export function paymentStatus(order: Pick<Order, 'invoice'>): { label: string; open: boolean } {
  const label = paymentStatusLabel(order.invoice?.stripe_status);
  return { label, open: label === 'OPEN' };
}

/** The PO number, as a caption under another cell's value; nothing for an order without one. */
export function PoNumberCaption({ order }: { order: OrderSummary }) {
  return order.po_number ? (
    <Typography variant="caption" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
      {`${PO_NUMBER_LABEL} ${order.po_number}`}
    </Typography>
  ) : null;
}

export const orderNumberColumn: DataColumn<OrderSummary> = {
  header: 'Order',
  cell: (order) => (
    <Typography
      variant="body2"
      component="span"
      title={order.id}
      sx={{ color: 'text.primary', fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {orderNumber(order)}
    </Typography>
  ),
};

/**
 * "Nov 27, 2026 9:56 AM" that may break only between the day and the time (the Orders table
 * fits a laptop's width with the time under the day).
 */
export function dayThenTime(text: string): string {
  const match = /^(.*\d{4}) (.+)$/.exec(text);
  return match ? `${match[1]!.replace(/ /g, '\u00a0')} ${match[2]!.replace(/ /g, '\u00a0')}` : text;
}

/** The date the order was placed; `withPoNumber` puts the PO number under it (the buyer's list). */
export function orderDateColumn(withPoNumber: boolean): DataColumn<OrderSummary> {
  return {
    header: 'Date',
    cell: (order) => (
      <>
        <Typography variant="body2" component="span" sx={{ color: 'text.primary' }}>
          {dayThenTime(formatDate(order.completed_on))}
        </Typography>
        {withPoNumber && <PoNumberCaption order={order} />}
      </>
    ),
  };
}

// What the buyer pays, with its parts under it (docs/decisions/007), on both lists alike.
export const orderAmountColumn: DataColumn<OrderSummary> = {
  header: 'Amount',
  cell: (order) => <OrderAmount order={order} />,
  align: 'right',
};

export const shippedColumn: DataColumn<OrderSummary> = {
  header: 'Shipped?',
  cell: (order) => shippedLabel(order),
};

export const paymentStatusColumn: DataColumn<OrderSummary> = {
  header: 'Payment Status',
  cell: (order) => {
    const { label, open } = paymentStatus(order);
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Typography
          variant="body2"
          component="span"
          data-status={open ? 'error' : 'primary'}
          sx={{ color: open ? 'error.main' : 'primary.main', fontWeight: 600 }}
        >
          {label}
        </Typography>
        <RefundChip totalCents={order.total_cents} refundedCents={order.refunded_cents} />
      </Stack>
    );
  },
};

export function actionsColumn(actions: (order: OrderSummary) => ReactNode): DataColumn<OrderSummary> {
  return { header: 'Actions', align: 'right', cell: actions };
}

/**
 * An order card's lines: Order, PO number, Subtotal, Shipping, Shipped?, then `extra` (the
 * buyer's Invoice), then Refunded for a refunded order.
 */
export function orderCardFields(order: OrderSummary, extra: OrderCardField[] = []): OrderCardField[] {
  return [
    { label: 'Order', value: orderNumber(order) },
    ...(order.po_number ? [{ label: PO_NUMBER_LABEL, value: order.po_number }] : []),
    { label: 'Subtotal', value: formatCents(order.subtotal_cents) },
    { label: 'Shipping', value: formatCents(order.shipping_cost_in_cents) },
    { label: 'Shipped?', value: shippedLabel(order) },
    ...extra,
    ...(order.refunded_cents
      ? [
          {
            label: 'Refunded',
            value: <RefundChip totalCents={order.total_cents} refundedCents={order.refunded_cents} />,
          },
        ]
      : []),
  ];
}
