/**
 * An OPEN invoice paid by card later (Pay now), and the seller closing it another way (mark
 * paid, void) — which ends its Pay now sessions first.
 */
import { type InvoiceCheckoutSession, SELLER_PAYMENTS_NOT_ACTIVE } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { notFound, refusal } from '../../lib/errors.js';
import { lockOrder } from '../orders/submission.js';
import { recordOrderEvent } from '../orders/events.js';
import { wakeMailWorkers } from '../../providers/mail/index.js';
import type { Tx } from '../../db/client.js';
import { closeOpenInvoice, invoiceToPay } from '../payments/invoices.js';
import { organizationName } from '../organizations/service.js';
import { sellerPaymentAccount } from '../payments/service.js';
import { checkoutSessions } from './schema.js';
import { openProviderSession } from './provider-sessions.js';
import { refuseUnpayable, notOpenInvoice } from './refusals.js';
import { invoiceReturnUrl } from './return-urls.js';
import { supersedeLiveSessions, confirmSuperseded } from './settlement.js';
import { CHECKOUT_SESSION_TTL_MS } from './snapshot.js';
import { recordInvoiceWebhook } from '../outbound-webhooks/events.js';

/**
 * The buyer pays an OPEN invoice by card later: a session of the invoice's amount through the
 * payments provider (the same embedded card form as checkout). Paying it marks the invoice PAID
 * (card) once, whichever of the card form, verify-payment, the webhook or the reconciler learns
 * of it first (completeOrder's invoice branch). 409 invoice_not_open for a PAID or VOID invoice.
 * One payable session per invoice: decided under the order's and the invoice's locks (the ones
 * mark paid and void take), like a checkout's.
 */
export async function createInvoiceCheckoutSession(
  ctx: AppContext,
  userId: string,
  invoiceId: string,
): Promise<InvoiceCheckoutSession> {
  const invoice = await invoiceToPay(ctx.db, invoiceId);
  if (!invoice) throw notFound('Invoice');
  if (invoice.status !== 'OPEN') throw notOpenInvoice(invoice.status);
  const sellerId = invoice.seller_organization_id;
  const provider = ctx.providers.payments;
  const account = await sellerPaymentAccount(ctx.db, sellerId);
  if (!account?.chargesEnabled || account.provider !== provider.name) {
    throw refusal('conflict', 'seller_payments_inactive', 'invoice_id', SELLER_PAYMENTS_NOT_ACTIVE);
  }
  const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_TTL_MS);
  const { pending, superseded } = await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, invoice.order_id);
    const locked = await invoiceToPay(tx, invoiceId, { lock: true });
    if (!locked) throw notFound('Invoice');
    if (locked.status !== 'OPEN') throw notOpenInvoice(locked.status);
    refuseUnpayable(locked.amount_cents, provider.name, 'invoice_id');
    const superseded = await supersedeLiveSessions(tx, invoice.order_id, 'invoice');
    const [row] = await tx
      .insert(checkoutSessions)
      .values({
        orderId: invoice.order_id,
        provider: provider.name,
        accountId: account.accountId,
        createdByUserId: userId,
        purpose: 'invoice',
        lines: [],
        shipping: {
          address_id: '',
          provider: '',
          rate_id: '',
          carrier: '',
          service_level: '',
          service_level_name: '',
          cost_cents: 0,
        },
        subtotalCents: locked.amount_cents,
        shippingCents: 0,
        amountCents: locked.amount_cents,
        expiresAt,
      })
      .returning();
    return { pending: row!, superseded };
  });
  const merchantName = (await organizationName(ctx.db, sellerId)) ?? 'the seller';
  const created = await openProviderSession(
    ctx,
    pending,
    superseded,
    {
      description: `Invoice ${invoice.number} from ${merchantName}`,
      merchantName,
      returnUrl: invoiceReturnUrl(ctx, sellerId),
      metadata: { order_id: invoice.order_id, invoice_id: invoice.id, checkout_session_id: pending.id },
    },
    {
      paidMeanwhile: () =>
        refusal('conflict', 'invoice_not_open', 'invoice_id', 'This invoice was just paid in another window.'),
      supersededMeanwhile: () =>
        refusal(
          'conflict',
          'checkout_superseded',
          'invoice_id',
          'This invoice was settled, or a newer payment of it was started in another window.',
        ),
    },
  );
  return {
    clientSecret: created.clientSecret,
    session_id: created.sessionId,
    provider: provider.name,
    amount_cents: pending.amountCents,
    invoice_number: invoice.number,
    seller_id: sellerId,
  };
}

// ─── POST …/invoices/{invoice_id}/mark-paid and …/void ───────────────────────────────
/**
 * The seller records an OPEN invoice as paid another way, or voids it: in one transaction under
 * the order's and the invoice's locks, the invoice changes and its Pay now sessions stop being
 * payable; after the commit the provider ends them — so a Pay now dialog left open answers
 * "expired" instead of taking the card. One the buyer paid in the instant between is refunded.
 */
export async function closeInvoice(
  ctx: AppContext,
  sellerId: string,
  invoiceId: string,
  change: { to: 'PAID'; method: string; paidOn: string } | { to: 'VOID' },
  opts: {
    userId?: string | null;
    /** Runs in the transaction once the invoice closed (a void cancels the order: order-lifecycle). */
    andThen?: (tx: Tx, orderId: string) => Promise<void>;
  } = {},
): Promise<void> {
  const superseded = await ctx.db.transaction(async (tx) => {
    const closed = await closeOpenInvoice(tx, sellerId, invoiceId, change);
    const sessions = await supersedeLiveSessions(tx, closed.orderId, 'invoice');
    if (change.to === 'PAID') {
      await recordOrderEvent(tx, {
        orderId: closed.orderId,
        kind: 'invoice_paid',
        side: 'seller',
        userId: opts.userId ?? null,
        summary: `Invoice marked paid (${change.method}, ${change.paidOn})`,
      });
      await recordInvoiceWebhook(tx, 'invoice.paid', sellerId, closed.orderId);
    }
    await opts.andThen?.(tx, closed.orderId);
    return sessions;
  });
  wakeMailWorkers();
  if (superseded.length === 0) return;
  await confirmSuperseded(ctx, superseded).catch((err: unknown) =>
    ctx.log.warn({ err, invoiceId }, 'invoice closed: its payment sessions are left for the reconciler to end'),
  );
}
