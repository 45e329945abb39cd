/**
 * Refunds the payments provider tells us about (issue 21 part 2): Stripe's `charge.refunded`
 * (and the refund events read as it, providers/payments/stripe.ts) for a payment of ours. The
 * event is only a nudge: the payment's refunds are read from the provider as they are now
 * (`listRefunds`) and each is matched, under the order row's lock, to what we hold:
 *
 *  - a refund we already know by its provider id: its status follows the provider's (a pending
 *    one succeeds or fails);
 *  - a refund we made ourselves whose answer we never recorded (its metadata names our refund —
 *    a crash between asking and recording): it is that refund, recorded now;
 *  - any other (made in Stripe's dashboard): a new refund row, method card, source provider,
 *    recorded once (unique provider refund id), with the buyer's e-mail and the dashboard.
 *
 * So a refund we made is never counted twice, and a replayed or out-of-order event changes
 * nothing. webhooks/payments-webhook.ts `handleWebhook` calls `recordProviderRefundEvent` for the event.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.js';
import { wakeMailWorkers } from '../../providers/mail/index.js';
import type { CheckoutWebhookEvent, ProviderRefundRecord } from '../../providers/payments/interface.js';
import { cardPaymentByProviderPayment, type OrderCardPayment } from '../checkout/payments-of-order.js';
import { addOrderRefunded, lockOrderForRefund } from '../orders/refunded.js';
import { touchOrderLists } from '../orders/list-version.js';
import { refunds } from './schema.js';
import { applySucceeded, failRefund, recordProviderAnswer } from './service.js';
import { recordRefundWebhook } from './refund-webhook.js';

/** Our reason for the provider's. */
function reasonOf(providerReason: string | null): string {
  if (providerReason === 'duplicate') return 'duplicate';
  if (providerReason === 'requested_by_customer') return 'retailer_request';
  return 'other';
}

const FAILED_AT_PROVIDER = 'The payments provider could not give the money back to the card. Nothing was refunded.';

/**
 * Records what a verified webhook event says about a payment's refunds. Answers how many
 * refunds it recorded or changed. Events of another kind, and payments that are not ours, are
 * nothing to do. A provider that cannot be reached throws (the webhook answers an error and the
 * provider delivers the event again).
 */
export async function recordProviderRefundEvent(
  ctx: AppContext,
  event: CheckoutWebhookEvent,
): Promise<{ recorded: number }> {
  if (event.type !== 'charge.refunded' || !event.paymentId) return { recorded: 0 };
  const provider = ctx.providers.payments;
  if (!provider.listRefunds) return { recorded: 0 };
  const payment = await cardPaymentByProviderPayment(ctx.db, provider.name, event.paymentId);
  if (!payment) return { recorded: 0 };
  const listed = await provider.listRefunds(event.paymentId);
  let recorded = 0;
  for (const refund of listed) {
    if (await recordOne(ctx, payment, refund)) recorded += 1;
  }
  if (recorded > 0) wakeMailWorkers();
  return { recorded };
}

async function recordOne(ctx: AppContext, payment: OrderCardPayment, listed: ProviderRefundRecord): Promise<boolean> {
  const provider = ctx.providers.payments.name;
  // Ours, by the provider's id or by the id we gave it: its state follows the provider's.
  const [known] = await ctx.db
    .select({ id: refunds.id, status: refunds.status })
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, listed.refundId)));
  const oursId = known?.id ?? (await ourRefundNamed(ctx, payment.orderId, listed.metadata.refund_id));
  if (oursId) {
    const [row] = await ctx.db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, oursId));
    if (row?.status !== 'pending') return false;
    if (listed.status === 'pending') {
      // Still working at the provider: remember its id (the settler follows it from there).
      if (!known) {
        await ctx.db
          .update(refunds)
          .set({ providerRefundId: listed.refundId })
          .where(and(eq(refunds.id, oursId), eq(refunds.status, 'pending'), sql`${refunds.providerRefundId} is null`));
      }
      return false;
    }
    if (listed.status === 'failed') await failRefund(ctx, oursId, FAILED_AT_PROVIDER, listed.refundId);
    else await recordProviderAnswer(ctx, oursId, listed.refundId, 'succeeded');
    return true;
  }
  if (listed.status === 'failed') return false;
  // Made at the provider: recorded once, under the order's lock.
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrderForRefund(tx, payment.orderId);
    if (!order) return false;
    const [again] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, listed.refundId)));
    if (again) return false;
    const taken = await tx
      .select({
        goods: sql<number>`coalesce(sum(${refunds.amountCents} - ${refunds.shippingCents}), 0)::int`,
        shipping: sql<number>`coalesce(sum(${refunds.shippingCents}), 0)::int`,
      })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), sql`${refunds.status} <> 'failed'`));
    const goodsLeft = Math.max(0, order.subtotal_cents - (taken[0]?.goods ?? 0));
    const shippingLeft = Math.max(0, order.shipping_cost_in_cents - (taken[0]?.shipping ?? 0));
    const shippingCents = Math.min(shippingLeft, Math.max(0, listed.amountCents - goodsLeft), listed.amountCents);
    const succeeded = listed.status === 'succeeded';
    const [created] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        sellerOrganizationId: order.selling_organization_id,
        purchaserOrganizationId: order.purchasing_organization_id,
        amountCents: listed.amountCents,
        shippingCents,
        lines: [],
        reason: reasonOf(listed.reason),
        note: provider === 'stripe' ? 'Refunded in the Stripe Dashboard.' : 'Refunded at the payments provider.',
        method: 'card',
        status: succeeded ? 'succeeded' : 'pending',
        source: 'provider',
        provider,
        providerSessionId: payment.providerSessionId,
        providerPaymentId: payment.paymentId,
        cardBrand: payment.card?.brand ?? null,
        cardLast4: payment.card?.last4 ?? null,
        providerRefundId: listed.refundId,
        creditNoteNumber: sql`'CN-' || lpad(nextval('credit_note_number_seq')::text, 6, '0')`,
        restock: false,
        idempotencyKey: `provider:${listed.refundId}`,
        requestHash: 'provider',
        settledAt: succeeded ? sql`now()` : null,
      })
      .returning();
    await addOrderRefunded(tx, order.id, listed.amountCents);
    await recordRefundWebhook(tx, created!);
    if (succeeded) await applySucceeded(ctx, tx, created!, order);
    else await touchOrderLists(tx, [order.selling_organization_id, order.purchasing_organization_id]);
    return true;
  });
}

/** Our refund of the order named by the metadata we gave the provider, if there is one. */
async function ourRefundNamed(
  ctx: AppContext,
  orderId: string,
  refundId: string | undefined,
): Promise<string | undefined> {
  if (!refundId || !/^[0-9a-f-]{36}$/i.test(refundId)) return undefined;
  const [row] = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)));
  return row?.id;
}
