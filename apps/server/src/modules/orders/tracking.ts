/**
 * Tracking (spec sections 2 "Orders", 4 "Shipping status", 5 "Tracking dialog"): the seller
 * records the carrier and tracking number of a submitted order; its status becomes SHIPPED and
 * the buyer's members are e-mailed the carrier's tracking link. One transaction under the order
 * row's lock: saving the same values again (a double click, a retry) changes nothing and sends
 * nothing; a corrected number sends an "updated" e-mail.
 */
import { sql } from 'drizzle-orm';
import { SHIPPED_STATUS, orderLabel, trackingUrl, type Order, type SetShippingBody } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { DomainError, notFound } from '../../lib/errors.js';
import { enqueueMail, wakeMailWorkers } from '../../providers/mail/index.js';
import { organizationName } from '../organizations/service.js';
import { orderInvoice } from '../payments/sql.js';
import { memberContacts } from '../users/service.js';
import { touchOrderLists } from './list-version.js';
import { orderDetail } from './queries.js';
import { renderTrackingEmail } from './tracking-email.js';

type Existing = { carrier: string; tracking_number: string } | undefined;

/** POST|PUT /api/order/{order_id}/shipping. Answers the order as the seller's list shows it. */
export async function setOrderShipping(ctx: AppContext, orderId: string, body: SetShippingBody): Promise<Order> {
  const queued = await ctx.db.transaction(async (tx) => {
    const locked = await tx.execute<{ status: string; seller: string; buyer: string }>(sql`
      select status, selling_organization_id as seller, purchasing_organization_id as buyer
        from orders where id = ${orderId} for update`);
    const order = locked.rows[0];
    if (!order) throw notFound('Order');
    if (order.status !== 'submitted') {
      throw new DomainError('conflict', 'order_not_submitted', 'order_id: only a placed (paid) order can be shipped', [
        { path: 'order_id', message: 'only a placed (paid) order can be shipped' },
      ]);
    }
    const before = await tx.execute<{ carrier: string; tracking_number: string }>(
      sql`select carrier, tracking_number from shipping_information where order_id = ${orderId}`,
    );
    const existing: Existing = before.rows[0];
    if (existing && existing.carrier === body.carrier && existing.tracking_number === body.tracking_number) return 0;
    await tx.execute(sql`
      insert into shipping_information (order_id, carrier, tracking_number, status)
      values (${orderId}, ${body.carrier}, ${body.tracking_number}, ${SHIPPED_STATUS})
      on conflict (order_id) do update
        set carrier = excluded.carrier, tracking_number = excluded.tracking_number,
            status = excluded.status, updated_at = now()`);

    const [sellerName, buyerName, invoice, recipients] = [
      (await organizationName(tx, order.seller)) ?? 'Your seller',
      (await organizationName(tx, order.buyer)) ?? 'your organization',
      await orderInvoice(tx, orderId),
      await memberContacts(tx, order.buyer),
    ];
    const url = trackingUrl(body.carrier, body.tracking_number);
    for (const r of recipients) {
      const message = renderTrackingEmail({
        sellerName,
        buyerName,
        orderReference: orderLabel({ id: orderId, order_number: invoice?.number }),
        carrier: body.carrier,
        trackingNumber: body.tracking_number,
        trackingUrl: url,
        ordersUrl: `${ctx.config.publicUrl}/storefront/${order.seller}/orders`,
        updated: existing !== undefined,
        to: r.email,
      });
      await enqueueMail(tx, {
        kind: 'tracking',
        organizationId: order.buyer,
        from: ctx.config.mail.from,
        to: r.email,
        ...message,
      });
    }
    // Last: the lists' version row stays locked only until the commit (list-version.ts).
    await touchOrderLists(tx, [order.seller, order.buyer]);
    return recipients.length;
  });
  if (queued > 0) wakeMailWorkers();
  const order = await orderDetail(ctx, orderId);
  if (!order) throw notFound('Order');
  return order;
}
