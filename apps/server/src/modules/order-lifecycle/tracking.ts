/**
 * Tracking (spec sections 2 "Orders", 4 "Shipping status", 5 "Tracking dialog"): the seller
 * records the carrier and tracking number of a placed order. Since issue 23 an order ships in
 * shipments (lifecycle.ts): the dialog's save ships every unit left in one shipment, or — once
 * nothing is left — corrects the latest shipment's number (an "updated" e-mail). The same values
 * again change nothing and send nothing.
 */
import type { Order, SetShippingBody } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { DomainError, notFound } from '../../lib/errors.js';
import { orderSides } from '../orders/changes.js';
import { setOrderTracking } from './commands.js';

/** POST|PUT /api/order/{order_id}/shipping. Answers the order as the seller's list shows it. */
export async function setOrderShipping(
  ctx: AppContext,
  orderId: string,
  body: SetShippingBody,
  userId: string | null,
): Promise<Order> {
  const order = await orderSides(ctx.db, orderId);
  if (!order) throw notFound('Order');
  if (order.status !== 'submitted') {
    throw new DomainError('conflict', 'order_not_submitted', 'order_id: only a placed (paid) order can be shipped', [
      { path: 'order_id', message: 'only a placed (paid) order can be shipped' },
    ]);
  }
  return setOrderTracking(ctx, orderId, { side: 'seller', organizationId: order.seller, userId }, body);
}
