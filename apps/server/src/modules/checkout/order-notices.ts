/**
 * The order e-mails, queued in the transaction that completes the order (so they are sent if
 * and only if it commits): the buyer's confirmation to the user who placed it, and the new-order
 * notice to each member of the seller (order-emails.ts renders them).
 */
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { enqueueMail } from '../../providers/mail/index.js';
import type { LockedOrder } from '../orders/submission.js';
import { orderParties } from '../orders/submission.js';
import { memberContacts, userContact } from '../users/service.js';
import { renderNewOrderEmail, renderOrderConfirmationEmail, type OrderEmailInput } from './order-emails.js';
import type { checkoutSessions } from './schema.js';

interface CompletedFacts {
  session: typeof checkoutSessions.$inferSelect;
  order: LockedOrder;
  completion: { invoiceNumber: string; completedOn: string; card: { brand: string; last4: string } | null };
}

export async function queueOrderEmails(ctx: AppContext, tx: DbOrTx, facts: CompletedFacts): Promise<void> {
  const { session, order, completion } = facts;
  const sellerId = order.selling_organization_id;
  const [parties, buyer, sellerMembers] = [
    await orderParties(tx, order.id),
    session.createdByUserId ? await userContact(tx, session.createdByUserId) : undefined,
    await memberContacts(tx, sellerId),
  ];
  if (!parties) return;
  const shipTo = parties.ship_to;
  const base: Omit<OrderEmailInput, 'buttonUrl' | 'to'> = {
    sellerName: parties.seller_name,
    sellerLogoUrl: null,
    buyerName: parties.buyer_name,
    placedBy: buyer?.name || buyer?.email || parties.buyer_name,
    invoiceNumber: completion.invoiceNumber,
    poNumber: order.po_number,
    completedOn: new Date(completion.completedOn),
    lines: session.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_in_cents,
      lineTotalCents: l.quantity * l.unit_price_in_cents,
    })),
    subtotalCents: session.subtotalCents,
    shippingCents: session.shippingCents,
    totalCents: session.amountCents,
    shipTo: {
      name: [shipTo?.first_name, shipTo?.last_name].filter(Boolean).join(' '),
      line1: shipTo?.line1 ?? '',
      line2: shipTo?.line2 ?? null,
      city: shipTo?.city ?? '',
      state: shipTo?.state ?? '',
      postalCode: shipTo?.postal_code ?? '',
    },
    shipping: { carrier: session.shipping.carrier, serviceLevelName: session.shipping.service_level_name },
    card: completion.card,
  };
  const from = ctx.config.mail.from;
  if (buyer?.email) {
    const message = renderOrderConfirmationEmail({
      ...base,
      buttonUrl: `${ctx.config.publicUrl}/storefront/${sellerId}/orders`,
      to: buyer.email,
    });
    await enqueueMail(tx, {
      kind: 'order_confirmation',
      organizationId: order.purchasing_organization_id,
      from,
      to: buyer.email,
      ...message,
    });
  }
  for (const member of sellerMembers) {
    const message = renderNewOrderEmail({
      ...base,
      buttonUrl: `${ctx.config.publicUrl}/app/${sellerId}/orders`,
      to: member.email,
    });
    await enqueueMail(tx, { kind: 'new_order', organizationId: sellerId, from, to: member.email, ...message });
  }
}
