/**
 * Settling checkout sessions (issue 9's completion, issue 21's one payable session): a paid
 * session completes its order (or pays its invoice) once, under the order's and the session's
 * locks; the order's other live sessions are superseded in that transaction and ended at the
 * provider after it; a payment that cannot be used is refunded with an e-mail to the buyer.
 * These call one another (a superseded session found paid is completed or refunded), so they
 * live together; the commands in the other files build on them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { SubmittedOrder } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { DomainError, notFound, refusal, isRefusal } from '../../lib/errors.js';
import { wakeMailWorkers } from '../../providers/mail/index.js';
import type { CheckoutSessionState } from '../../providers/payments/interface.js';
import { closeCartWithLines } from '../carts/service.js';
import { touchOrderLists } from '../orders/list-version.js';
import { lockOrder, orderState, recordSubmission, type LockedOrder, type OrderState } from '../orders/submission.js';
import { payInvoiceByCard } from '../payments/invoices.js';
import { createInvoice } from '../payments/service.js';
import { orderInvoice } from '../payments/sql.js';
import { lockCatalogSlot } from '../products/catalog-version.js';
import { releaseStock, sellStock } from '../products/reservations.js';
import { recordOrderSales } from '../inventory/service.js';
import { recordOrderForDashboard } from '../dashboard/service.js';
import { queueOrderEmails } from './order-notices.js';
import { recordInvoiceWebhook, recordOrderWebhook } from '../outbound-webhooks/events.js';
import { queueReturnedPaymentEmail } from './returned-payment-email.js';
import { claimSellerSlot, tryClaimSellerSlotSql } from './seller-slot.js';
import { checkoutSessions } from './schema.js';
import { alreadySubmitted, providerError, unusableRefusal } from './refusals.js';

export type SessionRow = typeof checkoutSessions.$inferSelect;
/** What a payment provider (or net terms: no id, no card) says of a completed payment. */
type PaymentOutcome = { paymentId: string | null; card: { brand: string; last4: string } | null };

// ─── Completion ──────────────────────────────────────────────────────────────────────
const toIso = (value: Date | string) => new Date(value).toISOString();

export interface Completion {
  orderId: string;
  /** The order's seller (the return page's URL names it). */
  sellerId: string;
  invoiceNumber: string;
  invoiceStatus: string;
  /** The invoice's due day (YYYY-MM-DD) for an order on net terms; null when paid at checkout. */
  invoiceDueOn: string | null;
  amountCents: number;
  subtotalCents: number;
  shippingCents: number;
  completedOn: string;
  card: { brand: string; last4: string } | null;
}

async function lockSession(tx: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for('update');
  return row;
}

function toCompletion(
  session: SessionRow,
  order: { id: string; selling_organization_id: string },
  completedOn: Date | string,
  invoice: { number: string; status: string; due_on?: string | null },
): Completion {
  return {
    orderId: order.id,
    sellerId: order.selling_organization_id,
    invoiceNumber: invoice.number,
    invoiceStatus: invoice.status,
    invoiceDueOn: invoice.due_on ?? null,
    amountCents: session.amountCents,
    subtotalCents: session.subtotalCents,
    shippingCents: session.shippingCents,
    completedOn: toIso(completedOn),
    card: session.cardBrand && session.cardLast4 ? { brand: session.cardBrand, last4: session.cardLast4 } : null,
  };
}

/**
 * The answer for an order this session completed, read without locks (the return page may ask
 * many times): the same each time.
 */
export async function completedAnswer(db: DbOrTx, session: SessionRow, known?: OrderState): Promise<Completion> {
  const [order, invoice] = await Promise.all([
    known ?? orderState(db, session.orderId),
    orderInvoice(db, session.orderId),
  ]);
  if (!order?.completed_on || !invoice) throw new Error(`checkout session ${session.id} is complete without its order`);
  return toCompletion(session, { id: session.orderId, selling_organization_id: order.selling_organization_id }, order.completed_on, invoice);
}

/**
 * What a paid session's completion came to, in its transaction: the order completed (or the
 * invoice paid) with it — and the other sessions it superseded, for the provider to end after
 * the commit — or a payment that cannot be used, to refund after the commit.
 */
type Settled =
  | { kind: 'completed'; completion: Completion; queued: boolean; superseded: SessionRow[] }
  | { kind: 'unusable'; session: SessionRow; refusal: DomainError };

/**
 * Completes the session's order with its snapshot, once. `payment` is the provider's word that
 * it was paid. Safe to call any number of times, at once, from any process: the order's and
 * the session's row locks put the calls in a line, and every call after the first answers what
 * the first did. A payment that reaches an order placed (or an invoice settled) another way is
 * refunded, and the buyer told so (409 with the sentence).
 */
export async function completeOrder(
  ctx: AppContext,
  session: string | Pick<SessionRow, 'id' | 'orderId'>,
  payment: PaymentOutcome,
): Promise<Completion> {
  const result = await ctx.db.transaction((tx) => completeInTransaction(ctx, tx, session, payment));
  return afterSettled(ctx, result);
}

/** After the completing transaction committed: mail woken, superseded sessions ended at the provider, unusable payments refunded. */
export async function afterSettled(ctx: AppContext, result: Settled): Promise<Completion> {
  if (result.kind === 'unusable') {
    await refundUnusablePayment(ctx, result.session);
    throw result.refusal;
  }
  if (result.queued) wakeMailWorkers();
  if (result.superseded.length > 0) {
    // Best effort here: a provider that cannot be reached leaves them superseded, and the
    // reconciler ends them at its next round (they can no longer complete this order).
    await confirmSuperseded(ctx, result.superseded).catch((err: unknown) =>
      ctx.log.warn(
        { err, orderId: result.completion.orderId },
        'checkout: superseded sessions left for the reconciler',
      ),
    );
  }
  return result.completion;
}

/**
 * The seller's slot for this transaction (seller-slot.ts), claimed once: when the transaction
 * will hold or sell tracked stock, the same slot of the seller's catalogue version is locked
 * too, before any of the seller's product rows is touched (the rule of catalog-version.ts).
 */
export async function takeSellerSlot(tx: DbOrTx, sellerId: string, stock: boolean): Promise<number> {
  if (!stock) return claimSellerSlot(tx, sellerId);
  // Claimed and locked in one statement; when every slot is taken, wait for one.
  const free = await lockCatalogSlot(tx, sellerId, tryClaimSellerSlotSql(sellerId));
  if (free !== null) return free;
  const slot = await claimSellerSlot(tx, sellerId);
  await lockCatalogSlot(tx, sellerId, slot);
  return slot;
}

/**
 * completeOrder's transaction: also the last step of an order placed on net terms
 * (submitOnTerms, which passes the seller slot its stock hold took), whose invoice is created
 * OPEN with its due day instead of PAID. A session that pays an OPEN invoice later (purpose
 * 'invoice') marks that invoice PAID instead.
 *
 * The order of its locks, the same in every money command of an order (checkout, Pay now, mark
 * paid, void): the ORDER's row first, then the session's, then the invoice's. Then the seller's
 * slot (and its catalogue slot when stock is sold), the order's own rows and the seller's slot
 * rows, and LAST the products' stock — the only rows other orders of the seller may be waiting
 * for, held from there to the commit.
 */
export async function completeInTransaction(
  ctx: AppContext,
  tx: DbOrTx,
  sessionOrId: string | Pick<SessionRow, 'id' | 'orderId'>,
  payment: PaymentOutcome & { netDays?: number },
  claimedSlot?: number,
): Promise<Settled> {
  // The session's order (a session pays one order for ever: its order_id never changes, so a
  // caller that read the session already passes it and saves the read), locked first.
  const sessionId = typeof sessionOrId === 'string' ? sessionOrId : sessionOrId.id;
  const [known] =
    typeof sessionOrId === 'string'
      ? await tx
          .select({ orderId: checkoutSessions.orderId })
          .from(checkoutSessions)
          .where(eq(checkoutSessions.id, sessionId))
      : [{ orderId: sessionOrId.orderId }];
  if (!known) throw notFound('Checkout session');
  const order = await lockOrder(tx, known.orderId);
  if (!order) throw notFound('Order');
  const session = (await lockSession(tx, sessionId))!;
  if (session.status === 'complete') {
    return { kind: 'completed', completion: await completedAnswer(tx, session), queued: false, superseded: [] };
  }
  if (session.status === 'refund_due' || session.status === 'refunded') {
    return { kind: 'unusable', session, refusal: unusableRefusal(session, order.status) };
  }
  if (session.purpose === 'invoice') return payInvoiceInTransaction(tx, session, order, payment);
  // Paid, but the order was placed another way meanwhile (another session, net terms): never a
  // second order — the payment goes back to the buyer.
  if (order.status !== 'draft') return markUnusable(tx, session, payment);
  const tracked = session.lines.filter((l) => l.track_inventory);
  const sellerId = order.selling_organization_id;
  // First: before anything of the seller's is locked (catalog-version.ts's rule for the stock).
  const slot = claimedSlot ?? (await takeSellerSlot(tx, sellerId, tracked.length > 0));
  // The lines' prices and pre-order ship windows are captured (issue 25).
  const { latestShipsUntil } = await closeCartWithLines(tx, order.cart_id, session.lines);
  // The seller's inventory history shows the sale.
  await recordOrderSales(
    tx,
    order.selling_organization_id,
    order.id,
    session.createdByUserId,
    tracked.map((l) => ({ product_id: l.product_id, count: l.quantity })),
  );
  const shipping = session.shipping;
  const { completed_on } = await recordSubmission(tx, order.id, {
    subtotalCents: session.subtotalCents,
    totalCents: session.amountCents,
    shipping: {
      addressId: shipping.address_id,
      provider: shipping.provider,
      rateId: shipping.rate_id,
      carrier: shipping.carrier,
      serviceLevel: shipping.service_level,
      costCents: shipping.cost_cents,
    },
    userId: session.createdByUserId,
  });
  const done = await markSessionComplete(tx, session.id, payment);
  // Every other checkout of the order can no longer be paid for it.
  const superseded = await supersedeLiveSessions(tx, order.id, 'order');
  const invoice = await createInvoice(tx, {
    orderId: order.id,
    amountCents: session.amountCents,
    status: payment.netDays ? 'OPEN' : 'PAID',
    providerPaymentId: done.paymentId,
    ...(payment.netDays ? { netDays: payment.netDays, completedOn: completed_on, dueAfter: latestShipsUntil } : {}),
  });
  const completion = toCompletion(done, order, completed_on, invoice);
  await queueOrderEmails(ctx, tx, { session: done, order, completion });
  // The seller's webhooks (outbound-webhooks/): every placed order, and a card order's invoice paid at once.
  await recordOrderWebhook(tx, 'order.placed', sellerId, order.id);
  if (!payment.netDays) await recordInvoiceWebhook(tx, 'invoice.paid', sellerId, order.id);
  // The seller dashboard's aggregates and both parties' order lists, in the slot's rows.
  await recordOrderForDashboard(
    tx,
    {
      sellerId,
      buyerId: order.purchasing_organization_id,
      completedOn: completed_on,
      subtotalCents: session.subtotalCents,
      lines: session.lines,
    },
    slot,
  );
  await touchOrderLists(tx, [sellerId, order.purchasing_organization_id], slot);
  // Last: the stock, whose product rows concurrent orders of the same products wait for.
  await sellStock(
    tx,
    session.id,
    tracked.map((l) => ({ productId: l.product_id, quantity: l.quantity })),
  );
  return { kind: 'completed', completion, queued: true, superseded };
}

/**
 * A session that pays an OPEN invoice later (purpose 'invoice'), paid: the invoice becomes PAID
 * (card) and the session complete, once — the caller holds the order's and the session's locks.
 * An invoice the seller marked paid or voided meanwhile, or reduced (units cancelled off it, issue
 * 23: it no longer asks what this session charged), cannot take it: the payment is refunded.
 */
async function payInvoiceInTransaction(
  tx: DbOrTx,
  session: SessionRow,
  order: LockedOrder,
  payment: PaymentOutcome,
): Promise<Settled> {
  const paid = await payInvoiceByCard(tx, order.id, payment.paymentId, session.amountCents);
  if (!paid) return markUnusable(tx, session, payment);
  const done = await markSessionComplete(tx, session.id, payment);
  const superseded = await supersedeLiveSessions(tx, order.id, 'invoice');
  await recordInvoiceWebhook(tx, 'invoice.paid', order.selling_organization_id, order.id);
  await touchOrderLists(tx, [order.selling_organization_id, order.purchasing_organization_id]);
  return {
    kind: 'completed',
    completion: toCompletion(done, order, order.completed_on ?? new Date(), paid),
    queued: false,
    superseded,
  };
}

/**
 * The provider said the session was paid: checks it is the session we made, for the amount we
 * asked, then completes its order. A payment that does not match is refunded, never used.
 */
export async function completePaid(
  ctx: AppContext,
  session: SessionRow,
  state: CheckoutSessionState,
): Promise<Completion> {
  if (!state.paid) throw new Error(`checkout session ${session.id} is not paid`);
  const payment = { paymentId: state.paymentId, card: state.card };
  if (state.amountCents !== session.amountCents || state.accountId !== session.accountId) {
    ctx.log.error(
      { sessionId: session.id, asked: session.amountCents, paid: state.amountCents },
      'checkout: the provider reports a payment that does not match the session; refunding it',
    );
    const unusable = await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, session.orderId);
      if (!order) throw notFound('Order');
      const locked = (await lockSession(tx, session.id))!;
      return locked.status === 'complete' ? undefined : markUnusable(tx, locked, payment);
    });
    if (unusable?.kind === 'unusable') await refundUnusablePayment(ctx, unusable.session);
    throw refusal(
      'conflict',
      'payment_mismatch',
      'session_id',
      'This payment does not match the order, so it is being refunded to your card. Please contact the seller.',
    );
  }
  return completeOrder(ctx, session, payment);
}

// ─── One payable session per order (and per invoice) ─────────────────────────────────
/**
 * In the transaction that holds the order's lock: every other live (pending or open) session of
 * the order for `purpose` stops being the one to pay — superseded, its stock released — and the
 * answer is every session of the order still waiting for the provider to confirm it ended:
 * these, and any another request superseded and has not confirmed yet. The caller confirms them
 * (confirmSuperseded) after the commit, and only then hands out a new client secret: so there is
 * never a moment when two sessions of one order can be paid.
 */
export async function supersedeLiveSessions(
  tx: DbOrTx,
  orderId: string,
  purpose: 'order' | 'invoice',
): Promise<SessionRow[]> {
  const ended = await tx
    .update(checkoutSessions)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(checkoutSessions.orderId, orderId),
        eq(checkoutSessions.purpose, purpose),
        inArray(checkoutSessions.status, ['pending', 'open']),
      ),
    )
    .returning({ id: checkoutSessions.id });
  for (const { id } of ended) await releaseStock(tx, id);
  return tx
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.orderId, orderId),
        eq(checkoutSessions.purpose, purpose),
        eq(checkoutSessions.status, 'superseded'),
      ),
    );
}

/**
 * After the commit: the provider ends each superseded session. One the buyer paid before the
 * end arrived is settled like any paid session — it completes the order (or pays the invoice)
 * if that is still open, and is refunded otherwise. Answers whether any was paid. Throws when
 * the provider cannot be reached (the sessions stay superseded: the reconciler ends them later).
 */
export async function confirmSuperseded(ctx: AppContext, sessions: SessionRow[]): Promise<{ paid: boolean }> {
  let paid = false;
  for (const session of sessions) {
    let state: CheckoutSessionState | null = null;
    if (session.providerSessionId) {
      try {
        state = await ctx.providers.payments.expireCheckoutSession(session.providerSessionId);
      } catch (error) {
        throw providerError(error);
      }
    }
    if (state?.paid) {
      paid = true;
      try {
        await completePaid(ctx, session, state);
      } catch (error) {
        // Refunded (the order or invoice was settled another way): nothing more to do here.
        if (!isRefusal(error)) throw error;
      }
      continue;
    }
    // Without a provider session its creator never handed out a secret (and ends its own).
    await ctx.db
      .update(checkoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'superseded')));
  }
  return { paid };
}

/** In the caller's transaction (order and session locked): the paid session is owed back (refund_due). */
async function markUnusable(tx: DbOrTx, session: SessionRow, payment: PaymentOutcome): Promise<Settled> {
  const [due] = await tx
    .update(checkoutSessions)
    .set({
      status: 'refund_due',
      paymentId: payment.paymentId,
      cardBrand: payment.card?.brand ?? null,
      cardLast4: payment.card?.last4 ?? null,
    })
    .where(eq(checkoutSessions.id, session.id))
    .returning();
  await releaseStock(tx, session.id);
  return { kind: 'unusable', session: due!, refusal: unusableRefusal(due!) };
}

/**
 * A paid session that cannot be used (refund_due) is refunded in full through the provider —
 * its idempotency key is the session's, so this request, another process and the reconciler
 * refund it once between them — then recorded as refunded with an e-mail to the buyer who paid,
 * in one transaction. Answers whether it is refunded now; a provider that cannot be reached
 * leaves it refund_due for the reconciler's next round.
 */
export async function refundUnusablePayment(ctx: AppContext, session: SessionRow): Promise<boolean> {
  if (!session.providerSessionId) {
    ctx.log.error({ sessionId: session.id }, 'checkout: a payment to refund has no provider session');
    return false;
  }
  let refund;
  try {
    // What the provider took (a payment that does not match the session gives back what it took).
    const paid = await ctx.providers.payments.retrieveCheckoutSession(session.providerSessionId);
    if (!paid?.paid || !paid.paymentId) {
      ctx.log.error({ sessionId: session.id }, 'checkout: a payment to refund is not paid at the provider');
      return false;
    }
    refund = await ctx.providers.payments.refundPayment({
      sessionId: session.providerSessionId,
      paymentId: paid.paymentId,
      amountCents: paid.amountCents,
      reason: 'duplicate',
      idempotencyKey: `unusable-payment:${session.id}`,
      metadata: { order_id: session.orderId, checkout_session_id: session.id },
    });
  } catch (err) {
    ctx.log.warn(
      { err, sessionId: session.id },
      'checkout: refund of an unusable payment failed; the reconciler retries',
    );
    return false;
  }
  if (refund.status === 'failed') {
    ctx.log.error({ sessionId: session.id, refundId: refund.refundId }, 'checkout: the provider failed a refund');
    return false;
  }
  const queued = await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(checkoutSessions)
      .set({ status: 'refunded', refundId: refund.refundId, refundedAt: new Date() })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'refund_due')))
      .returning();
    if (!done) return false;
    await queueReturnedPaymentEmail(ctx, tx, done);
    return true;
  });
  if (queued) wakeMailWorkers();
  return true;
}

/** Marks our session ended unpaid (expired or failed) and frees its stock; a completed one stays. */
export async function endSession(ctx: AppContext, id: string, status: 'expired' | 'failed'): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(checkoutSessions)
      .set({ status })
      .where(and(eq(checkoutSessions.id, id), inArray(checkoutSessions.status, ['pending', 'open', 'superseded'])))
      .returning({ id: checkoutSessions.id });
    if (ended) await releaseStock(tx, id);
  });
}

/**
 * Before an order is placed on terms: the order's live card checkouts end, in the transaction
 * that locks the order, and the provider confirms it. Answers whether one of them had been
 * paid (and so placed the order) first.
 */
export async function endCardCheckouts(ctx: AppContext, orderId: string): Promise<boolean> {
  const superseded = await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    return supersedeLiveSessions(tx, orderId, 'order');
  });
  return (await confirmSuperseded(ctx, superseded)).paid;
}

/** Our session is paid (or placed on terms): complete, with the payment's id and card. */
async function markSessionComplete(tx: DbOrTx, sessionId: string, payment: PaymentOutcome): Promise<SessionRow> {
  const [done] = await tx
    .update(checkoutSessions)
    .set({
      status: 'complete',
      completedAt: new Date(),
      paymentId: payment.paymentId,
      cardBrand: payment.card?.brand ?? null,
      cardLast4: payment.card?.last4 ?? null,
    })
    .where(eq(checkoutSessions.id, sessionId))
    .returning();
  return done!;
}

// ─── GET …/verify-payment/{session_id} ───────────────────────────────────────────────
export async function sessionByProviderId(db: DbOrTx, providerSessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, providerSessionId));
  return row;
}

export const toSubmittedOrder = (completion: Completion): SubmittedOrder => ({
  id: completion.orderId,
  status: 'submitted',
  completed_on: completion.completedOn,
  subtotal_cents: completion.subtotalCents,
  shipping_cost_in_cents: completion.shippingCents,
  total_cents: completion.amountCents,
  invoice: {
    number: completion.invoiceNumber,
    stripe_status: completion.invoiceStatus,
    due_on: completion.invoiceDueOn,
  },
});

/** The answer for an order already placed: the session that placed it, read without locks. */
export async function placedOrderAnswer(ctx: AppContext, orderId: string): Promise<Completion> {
  const [placed] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.orderId, orderId),
        eq(checkoutSessions.purpose, 'order'),
        eq(checkoutSessions.status, 'complete'),
      ),
    );
  if (!placed) throw alreadySubmitted();
  return completedAnswer(ctx.db, placed);
}
