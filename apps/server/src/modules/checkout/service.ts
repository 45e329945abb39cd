/**
 * Card payment and order completion (spec sections 2 "checkout/return", 4 "Order flow", 7;
 * DECISIONS "The money path").
 *
 * A checkout session is a priced snapshot: create-checkout-session reads the cart under its
 * lock, checks every rule again (minimums, availability, address, a current shipping rate, the
 * seller's payments), holds tracked stock, and asks the payments provider for a session of
 * exactly that amount — never an amount from the browser. The buyer pays it in the provider's
 * embedded checkout. Whoever learns first that it was paid — the built-in card form, the return
 * page's verify-payment, the provider's webhook, or submit — completes the order with the
 * session's snapshot in one transaction: lines and prices captured, totals, stock sold, an
 * invoice, the cart closed, the two e-mails queued. The order row's lock and its status make
 * that happen once however many arrive together, and in whichever process.
 *
 * Orders of one seller completing at once do not wait for one another (issue 11): each claims
 * a slot of the seller (seller-slot.ts) and adds to that slot's rows of the seller-wide
 * counters (catalogue and order-list versions, dashboard); what they share is the rows of the
 * products they sell, locked by the last statement before the commit.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  InvoiceCheckoutSession,
  CardInput,
  CardPaymentResult,
  CheckoutSession,
  CreateCheckoutSessionBody,
  EmbeddedCheckout,
  SubmittedOrder,
  VerifyPayment,
} from '@cratebase/contract';
import {
  MONEY_LIMITS,
  NO_PAYMENT_TERMS_MESSAGE,
  PREVIEW_CHECKOUT_MESSAGE,
  SELLER_PAYMENTS_NOT_ACTIVE,
  dollars,
  orderTooLargeMessage,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { HttpError, notFound, unavailable } from '../../lib/errors.js';
import { wakeMailWorkers } from '../../providers/mail/index.js';
import {
  PaymentsProviderError,
  type CardOutcome,
  type CheckoutSessionState,
  type CreatedCheckoutSession,
  type NewCheckoutSession,
} from '../../providers/payments/interface.js';
import { lockCartForCheckout, readCart } from '../carts/service.js';
import { closeCartWithLines } from '../carts/service.js';
import { touchOrderLists } from '../orders/list-version.js';
import {
  lockOrder,
  orderState,
  recordNetTerms,
  recordSubmission,
  type LockedOrder,
  type OrderState,
} from '../orders/submission.js';
import { paymentTermsDays } from '../customers/payment-terms.js';
import { closeOpenInvoice, invoiceToPay, payInvoiceByCard } from '../payments/invoices.js';
import { organizationName } from '../organizations/service.js';
import { createInvoice, orderInvoice, sellerPaymentAccount } from '../payments/service.js';
import { lockCatalogSlot } from '../products/catalog-version.js';
import { getLookups } from '../products/lookups.js';
import { holdStock, releaseStock, sellStock } from '../products/reservations.js';
import { recordOrderSales } from '../inventory/service.js';
import { recordOrderForDashboard } from '../dashboard/service.js';
import { currentShippingRate } from '../shipping/service.js';
import { queueOrderEmails } from './order-notices.js';
import { queueReturnedPaymentEmail } from './returned-payment-email.js';
import { recordProviderRefundEvent } from '../refunds/provider-events.js';
import { claimSellerSlot, tryClaimSellerSlotSql } from './seller-slot.js';
import { checkoutSessions, type SessionLine, type SessionShipping } from './schema.js';

/** How long a checkout session can be paid (Stripe takes 30 minutes to 24 hours from its creation). */
export const CHECKOUT_SESSION_TTL_MS = 35 * 60 * 1000;
/**
 * Stock stays held a little past the session's end, so a payment made in its last second is
 * completed before anyone else can take the units.
 */
export const STOCK_HOLD_GRACE_MS = 10 * 60 * 1000;

type SessionRow = typeof checkoutSessions.$inferSelect;
/** What a payment provider (or net terms: no id, no card) says of a completed payment. */
type PaymentOutcome = { paymentId: string | null; card: { brand: string; last4: string } | null };

/** A refusal the buyer reads as it is (a sentence), naming the field in `issues`. */
const refusal = (status: 400 | 402 | 404 | 409, code: string, field: string, message: string) =>
  new HttpError(status, code, message, [{ path: field, message }]);

const alreadySubmitted = () =>
  refusal(
    409,
    'order_submitted',
    'order_id',
    'This order was already placed. Open the store again to start a new order.',
  );

const cartChanged = () =>
  refusal(
    409,
    'cart_changed',
    'cart',
    'Your cart changed while the payment was being prepared. Please review it and pay again.',
  );

/**
 * 409 before any money moves for an amount no payment may take: above the order maximum (the
 * cart's own issue, checked again here against the shipping priced under the order's lock — a
 * rate chosen in another tab meanwhile), or above what the provider's checkout takes in one
 * payment (Stripe Checkout: $999,999.99).
 */
function refuseUnpayable(amountCents: number, provider: string, field: 'cart' | 'invoice_id'): void {
  if (amountCents > MONEY_LIMITS.orderTotalCents) {
    throw refusal(409, 'order_too_large', field, orderTooLargeMessage(amountCents, field === 'cart'));
  }
  if (provider === 'stripe' && amountCents > MONEY_LIMITS.stripeCheckoutSessionCents) {
    throw refusal(
      409,
      'amount_above_card_limit',
      field,
      `This comes to ${dollars(amountCents)}, more than the ${dollars(MONEY_LIMITS.stripeCheckoutSessionCents)} ` +
        'one card payment can take. Split it into smaller orders, or ask the seller about paying by invoice.',
    );
  }
}

function providerError(error: unknown): unknown {
  if (!(error instanceof PaymentsProviderError)) return error;
  switch (error.code) {
    case 'provider_unavailable':
      return unavailable('The payments provider cannot be reached right now. Please try again shortly.');
    case 'session_expired':
      return refusal(
        409,
        'session_expired',
        'client_secret',
        'This payment session expired. A new one is being prepared.',
      );
    case 'session_complete':
      return refusal(409, 'session_complete', 'client_secret', 'This payment was already made.');
    case 'invalid_session':
    case 'unknown_session':
      return refusal(404, 'not_found', 'client_secret', 'This payment session is not valid.');
    case 'unknown_account':
      return refusal(409, 'seller_payments_inactive', 'account', SELLER_PAYMENTS_NOT_ACTIVE);
    case 'invalid_signature':
      // The provider says what was wrong (no header, a bad signature, a body that is not an event).
      return refusal(400, 'invalid_signature', 'stripe-signature', error.message);
  }
}

const returnUrl = (ctx: AppContext, sellerId: string, sessionId: string) =>
  `${ctx.config.publicUrl}/storefront/${sellerId}/checkout/return?session_id=${sessionId}`;

/**
 * Where a paid invoice session returns: the buyer's orders, which verify `paid_session` (the
 * provider fills in {CHECKOUT_SESSION_ID}) and say the invoice is paid.
 */
const invoiceReturnUrl = (ctx: AppContext, sellerId: string, sessionId = '{CHECKOUT_SESSION_ID}') =>
  `${ctx.config.publicUrl}/storefront/${sellerId}/orders?paid_session=${sessionId}`;

// ─── Completion ──────────────────────────────────────────────────────────────────────
const toIso = (value: Date | string) => new Date(value).toISOString();

interface Completion {
  orderId: string;
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
  orderId: string,
  completedOn: Date | string,
  invoice: { number: string; status: string; due_on?: string | null },
): Completion {
  return {
    orderId,
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
async function completedAnswer(db: DbOrTx, session: SessionRow, known?: OrderState): Promise<Completion> {
  const [order, invoice] = await Promise.all([
    known ?? orderState(db, session.orderId),
    orderInvoice(db, session.orderId),
  ]);
  if (!order?.completed_on || !invoice) throw new Error(`checkout session ${session.id} is complete without its order`);
  return toCompletion(session, session.orderId, order.completed_on, invoice);
}

/**
 * What a paid session's completion came to, in its transaction: the order completed (or the
 * invoice paid) with it — and the other sessions it superseded, for the provider to end after
 * the commit — or a payment that cannot be used, to refund after the commit.
 */
type Settled =
  | { kind: 'completed'; completion: Completion; queued: boolean; superseded: SessionRow[] }
  | { kind: 'unusable'; session: SessionRow; refusal: HttpError };

/**
 * Completes the session's order with its snapshot, once. `payment` is the provider's word that
 * it was paid. Safe to call any number of times, at once, from any process: the order's and
 * the session's row locks put the calls in a line, and every call after the first answers what
 * the first did. A payment that reaches an order placed (or an invoice settled) another way is
 * refunded, and the buyer told so (409 with the sentence).
 */
async function completeOrder(ctx: AppContext, sessionId: string, payment: PaymentOutcome): Promise<Completion> {
  const result = await ctx.db.transaction((tx) => completeInTransaction(ctx, tx, sessionId, payment));
  return afterSettled(ctx, result);
}

/** After the completing transaction committed: mail woken, superseded sessions ended at the provider, unusable payments refunded. */
async function afterSettled(ctx: AppContext, result: Settled): Promise<Completion> {
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
async function takeSellerSlot(tx: DbOrTx, sellerId: string, stock: boolean): Promise<number> {
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
async function completeInTransaction(
  ctx: AppContext,
  tx: DbOrTx,
  sessionId: string,
  payment: PaymentOutcome & { netDays?: number },
  claimedSlot?: number,
): Promise<Settled> {
  const [known] = await tx
    .select({ orderId: checkoutSessions.orderId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
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
  await closeCartWithLines(tx, order.cart_id, session.lines);
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
    ...(payment.netDays ? { netDays: payment.netDays, completedOn: completed_on } : {}),
  });
  const completion = toCompletion(done, order.id, completed_on, invoice);
  await queueOrderEmails(ctx, tx, { session: done, order, completion });
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
 * An invoice the seller marked paid or voided meanwhile cannot take it: the payment is refunded.
 */
async function payInvoiceInTransaction(
  tx: DbOrTx,
  session: SessionRow,
  order: LockedOrder,
  payment: PaymentOutcome,
): Promise<Settled> {
  const paid = await payInvoiceByCard(tx, order.id, payment.paymentId);
  if (!paid) return markUnusable(tx, session, payment);
  const done = await markSessionComplete(tx, session.id, payment);
  const superseded = await supersedeLiveSessions(tx, order.id, 'invoice');
  await touchOrderLists(tx, [order.selling_organization_id, order.purchasing_organization_id]);
  return {
    kind: 'completed',
    completion: toCompletion(done, order.id, order.completed_on ?? new Date(), paid),
    queued: false,
    superseded,
  };
}

/**
 * The provider said the session was paid: checks it is the session we made, for the amount we
 * asked, then completes its order. A payment that does not match is refunded, never used.
 */
async function completePaid(ctx: AppContext, session: SessionRow, state: CheckoutSessionState): Promise<Completion> {
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
      409,
      'payment_mismatch',
      'session_id',
      'This payment does not match the order, so it is being refunded to your card. Please contact the seller.',
    );
  }
  return completeOrder(ctx, session.id, payment);
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
async function supersedeLiveSessions(tx: DbOrTx, orderId: string, purpose: 'order' | 'invoice'): Promise<SessionRow[]> {
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
async function confirmSuperseded(ctx: AppContext, sessions: SessionRow[]): Promise<{ paid: boolean }> {
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
        if (!(error instanceof HttpError && error.statusCode < 500)) throw error;
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

// ─── Payments that cannot be used go back ────────────────────────────────────────────
/**
 * The buyer's sentence for a payment that is given back: it reached an order or invoice already
 * settled — or, when its order is still a draft (`orderStatus`), it did not match the session.
 */
function unusableRefusal(session: SessionRow, orderStatus?: string): HttpError {
  if (session.purpose === 'order' && orderStatus === 'draft') {
    return refusal(
      409,
      'payment_mismatch',
      'session_id',
      'This payment does not match the order, so it is being refunded to your card. Please contact the seller.',
    );
  }
  return session.purpose === 'invoice'
    ? refusal(
        409,
        'invoice_not_open',
        'session_id',
        'This invoice is no longer open: the seller recorded it meanwhile. Your payment is being refunded to your card, and you will get an e-mail.',
      )
    : refusal(
        409,
        'order_submitted',
        'session_id',
        'This order was already placed with another payment. This payment is being refunded to your card, and you will get an e-mail.',
      );
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
async function endSession(ctx: AppContext, id: string, status: 'expired' | 'failed'): Promise<void> {
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
async function endCardCheckouts(ctx: AppContext, orderId: string): Promise<boolean> {
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

// ─── What card and net-terms checkouts share ─────────────────────────────────────────
/** The order's current shipping rate as a session records it; 409 with a sentence when there is none. */
async function checkoutShipping(ctx: AppContext, orderId: string): Promise<SessionShipping> {
  let rate;
  try {
    rate = await currentShippingRate(ctx, orderId);
  } catch (error) {
    // The shipping module names what to fix in `issues`; the buyer reads a sentence here.
    if (error instanceof HttpError && error.issues?.[0]) {
      const message = error.issues[0].message;
      throw refusal(409, error.code, error.issues[0].path, message.charAt(0).toUpperCase() + message.slice(1) + '.');
    }
    throw error;
  }
  return {
    address_id: rate.addressId,
    provider: rate.provider,
    rate_id: rate.rateId,
    carrier: rate.carrier,
    service_level: rate.serviceLevel,
    service_level_name: rate.serviceLevelName,
    cost_cents: rate.costCents,
  };
}

/**
 * The cart's lines priced under the cart's lock (the order row locked first), as a session
 * snapshots them; 409 cart_changed when they are not the lines every check before saw.
 */
async function priceLockedCart(
  tx: DbOrTx,
  liveStateId: number,
  cart: Awaited<ReturnType<typeof readCart>>,
  shownTotalCents: number | undefined,
): Promise<{ lines: SessionLine[]; subtotalCents: number }> {
  const locked = await lockCartForCheckout(tx, liveStateId, cart.id);
  if (!locked || locked.status !== 'open') throw alreadySubmitted();
  // The lines priced are the ones every check above saw, at the prices the buyer was shown:
  // each line's unit price at its quantity (volume breaks included), from the one definition
  // both reads use (products/for-carts.ts). A total the client says it showed must match too.
  const seen = cart.line_items.map((l) => `${l.id}:${l.quantity}:${l.unit_price_in_cents}`).join();
  const now = locked.lines.map((l) => `${l.line_item_id}:${l.quantity}:${l.unit_price_in_cents}`).join();
  if (seen !== now || locked.lines.some((l) => !l.available)) throw cartChanged();
  const lines: SessionLine[] = locked.lines.map((l) => ({
    line_item_id: l.line_item_id,
    product_id: l.product_id,
    name: l.name,
    quantity: l.quantity,
    unit_price_in_cents: l.unit_price_in_cents,
    track_inventory: l.track_inventory,
  }));
  const subtotalCents = lines.reduce((sum, l) => sum + l.quantity * l.unit_price_in_cents, 0);
  if (shownTotalCents !== undefined && shownTotalCents !== subtotalCents) throw cartChanged();
  return { lines, subtotalCents };
}

/**
 * Holds the session's tracked stock until `until`; 409 insufficient_inventory when another
 * checkout has it. Answers the seller slot it claimed to lock the products (none without
 * tracked lines).
 */
async function holdOrRefuse(
  tx: DbOrTx,
  sessionId: string,
  sellerId: string,
  lines: SessionLine[],
  until: Date,
): Promise<number | undefined> {
  if (!lines.some((l) => l.track_inventory)) return undefined;
  const slot = await takeSellerSlot(tx, sellerId, true);
  const shortfalls = await holdStock(
    tx,
    sessionId,
    lines.map((l) => ({ productId: l.product_id, quantity: l.quantity })),
    until,
  );
  const short = shortfalls[0];
  if (short) {
    const message =
      short.available <= 0
        ? `"${short.name}" just sold out. Please update your cart.`
        : `Only ${short.available} of "${short.name}" are left. Please update your cart.`;
    throw refusal(409, 'insufficient_inventory', 'cart', message);
  }
  return slot;
}

// ─── Opening a provider session, once the older ones are over ───────────────────────
/**
 * Asks the provider for the session `pending` records — only once every session it superseded
 * is confirmed ended there — and opens ours, unless a newer checkout superseded it meanwhile.
 * On any failure the pending session ends (failed, its stock released). A superseded session
 * found paid placed the order (or paid the invoice) first: `paidMeanwhile` is the refusal then.
 */
async function openProviderSession(
  ctx: AppContext,
  pending: SessionRow,
  superseded: SessionRow[],
  request: Omit<NewCheckoutSession, 'accountId' | 'amountCents' | 'currency' | 'expiresAt' | 'idempotencyKey'>,
  refusals: { paidMeanwhile: () => HttpError; supersededMeanwhile: () => HttpError },
): Promise<CreatedCheckoutSession> {
  const provider = ctx.providers.payments;
  let created: CreatedCheckoutSession;
  try {
    if ((await confirmSuperseded(ctx, superseded)).paid) throw refusals.paidMeanwhile();
    try {
      created = await provider.createCheckoutSession({
        ...request,
        accountId: pending.accountId,
        amountCents: pending.amountCents,
        currency: 'usd',
        expiresAt: pending.expiresAt,
        idempotencyKey: `${pending.purpose === 'invoice' ? 'invoice-payment' : 'checkout-session'}:${pending.id}`,
      });
    } catch (error) {
      throw providerError(error);
    }
  } catch (error) {
    await endSession(ctx, pending.id, 'failed');
    throw error;
  }
  const [opened] = await ctx.db
    .update(checkoutSessions)
    .set({ providerSessionId: created.sessionId, status: 'open', expiresAt: created.expiresAt })
    .where(and(eq(checkoutSessions.id, pending.id), eq(checkoutSessions.status, 'pending')))
    .returning({ id: checkoutSessions.id });
  if (!opened) {
    // A newer checkout of the same order (another tab), or the order's completion, ended this
    // one while it was being made: its secret is never handed out, and the provider ends it.
    await provider.expireCheckoutSession(created.sessionId).catch(() => null);
    throw refusals.supersededMeanwhile();
  }
  return created;
}

// ─── POST /api/stripe/organization/{org_id}/create-checkout-session ──────────────────
/**
 * A checkout session for the cart's order, `sellerId` the store. Refuses (409, a sentence for
 * the buyer and the field in `issues`) what must be fixed before paying. The order's earlier
 * sessions (another tab, a double click) are superseded in the transaction that locks the
 * order and inserts this one, and ended at the provider before this one's secret is handed
 * out: one order is never payable twice.
 */
export async function createCheckoutSession(
  ctx: AppContext,
  userId: string,
  sellerId: string,
  body: CreateCheckoutSessionBody,
): Promise<CheckoutSession> {
  const cart = await readCart(ctx, body.cart.id);
  if (cart.selling_organization_id !== sellerId) {
    throw refusal(404, 'not_found', 'cart.id', 'This store has no such cart.');
  }
  const orderId = cart.order.id;
  if (cart.order.status !== 'draft') throw alreadySubmitted();
  if (cart.is_preview) throw refusal(409, 'preview', 'cart', PREVIEW_CHECKOUT_MESSAGE);
  const issue = cart.checkout_issues[0];
  if (issue) throw refusal(409, issue.code, 'cart', issue.message);
  const provider = ctx.providers.payments;
  const account = await sellerPaymentAccount(ctx.db, sellerId);
  if (!cart.seller_payments_active || !account?.chargesEnabled || account.provider !== provider.name) {
    throw refusal(409, 'seller_payments_inactive', 'org_id', SELLER_PAYMENTS_NOT_ACTIVE);
  }
  const shipping = await checkoutShipping(ctx, orderId);

  const { liveStateId } = await getLookups(ctx.db);
  const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_TTL_MS);
  const { pending, superseded } = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.status !== 'draft') throw alreadySubmitted();
    const { lines, subtotalCents } = await priceLockedCart(tx, liveStateId, cart, body.cart.total_cents);
    const amountCents = subtotalCents + shipping.cost_cents;
    if (amountCents <= 0) {
      throw refusal(409, 'nothing_to_pay', 'cart', 'This order has nothing to pay by card. Submit it instead.');
    }
    refuseUnpayable(amountCents, provider.name, 'cart');
    const superseded = await supersedeLiveSessions(tx, orderId, 'order');
    const [row] = await tx
      .insert(checkoutSessions)
      .values({
        orderId,
        provider: provider.name,
        accountId: account.accountId,
        createdByUserId: userId,
        lines,
        shipping,
        subtotalCents,
        shippingCents: shipping.cost_cents,
        amountCents,
        expiresAt,
      })
      .returning();
    await holdOrRefuse(tx, row!.id, sellerId, lines, new Date(expiresAt.getTime() + STOCK_HOLD_GRACE_MS));
    return { pending: row!, superseded };
  });

  const merchantName = (await organizationName(ctx.db, sellerId)) ?? 'the seller';
  const created = await openProviderSession(
    ctx,
    pending,
    superseded,
    {
      description: `Wholesale order from ${merchantName}`,
      merchantName,
      returnUrl: returnUrl(ctx, sellerId, '{CHECKOUT_SESSION_ID}'),
      metadata: { order_id: orderId, checkout_session_id: pending.id },
    },
    {
      paidMeanwhile: () =>
        refusal(
          409,
          'order_submitted',
          'order_id',
          'This order was just placed with the payment made in your other window. Open your orders to see it.',
        ),
      supersededMeanwhile: () =>
        refusal(409, 'checkout_superseded', 'cart', 'A newer checkout of this order was started in another window.'),
    },
  );
  return {
    clientSecret: created.clientSecret,
    account_id: account.accountId,
    session_id: created.sessionId,
    provider: provider.name,
    currency: 'usd',
    subtotal_cents: pending.subtotalCents,
    shipping_cents: pending.shippingCents,
    amount_cents: pending.amountCents,
    expires_at: created.expiresAt.toISOString(),
  };
}

// ─── GET …/verify-payment/{session_id} ───────────────────────────────────────────────
async function sessionByProviderId(db: DbOrTx, providerSessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, providerSessionId));
  return row;
}

const toVerifyPayment = (c: Completion): VerifyPayment => ({
  success: true,
  order_id: c.orderId,
  invoice_number: c.invoiceNumber,
  amount_cents: c.amountCents,
  completed_on: c.completedOn,
  card: c.card,
});

/** Completes the session's order if the provider says it was paid; refuses with what happened otherwise. */
async function settle(ctx: AppContext, session: SessionRow, order?: OrderState): Promise<Completion> {
  // Already completed: a read, no locks (the return page, a webhook redelivered, a retry).
  if (session.status === 'complete') return completedAnswer(ctx.db, session, order);
  // Paid after its order or invoice was settled another way: given back, and said so.
  if (session.status === 'refund_due' || session.status === 'refunded') {
    throw unusableRefusal(session, (order ?? (await orderState(ctx.db, session.orderId)))?.status);
  }
  if (!session.providerSessionId) {
    throw refusal(409, 'payment_incomplete', 'session_id', 'The payment was not completed. Please try again.');
  }
  let state: CheckoutSessionState | null;
  try {
    state = await ctx.providers.payments.retrieveCheckoutSession(session.providerSessionId);
  } catch (error) {
    throw providerError(error);
  }
  if (!state) throw refusal(404, 'not_found', 'session_id', 'This payment session is not known.');
  if (!state.paid) {
    if (state.status === 'expired') {
      await endSession(ctx, session.id, 'expired');
      throw refusal(
        409,
        'session_expired',
        'session_id',
        'This payment session expired before it was paid. Please return to checkout and pay again.',
      );
    }
    throw refusal(
      402,
      'payment_incomplete',
      'session_id',
      'The payment was not completed. Please return to checkout and try again.',
    );
  }
  return completePaid(ctx, session, state);
}

/** The seller in the path must be the session's order's seller (the policy checked the buyer). */
export async function verifyPayment(
  ctx: AppContext,
  sellerId: string,
  providerSessionId: string,
): Promise<VerifyPayment> {
  const session = await sessionByProviderId(ctx.db, providerSessionId);
  const order = session ? await orderState(ctx.db, session.orderId) : undefined;
  if (!session || order?.selling_organization_id !== sellerId) {
    throw refusal(404, 'not_found', 'session_id', 'This payment session is not known.');
  }
  return toVerifyPayment(await settle(ctx, session, order));
}

// ─── POST /api/order/{order_id}/submit ───────────────────────────────────────────────
/**
 * Submits the order where no further payment is needed: its latest checkout session was paid
 * (the order completes with it, as verify-payment would). Idempotent: a submitted order answers
 * itself. An order not paid yet is refused (409 payment_required).
 */
export async function submitOrder(ctx: AppContext, orderId: string): Promise<SubmittedOrder> {
  const [latest] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.orderId, orderId),
        eq(checkoutSessions.purpose, 'order'),
        inArray(checkoutSessions.status, ['open', 'complete']),
      ),
    )
    .orderBy(sql`${checkoutSessions.status} = 'complete' desc`, desc(checkoutSessions.createdAt))
    .limit(1);
  const order = await orderState(ctx.db, orderId);
  if (!order) throw notFound('Order');
  if (!latest) {
    if (order.status !== 'draft') throw alreadySubmitted();
    throw refusal(409, 'payment_required', 'order_id', 'Pay for this order by card to place it.');
  }
  let completion: Completion;
  try {
    completion = await settle(ctx, latest);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'payment_incomplete') {
      throw refusal(409, 'payment_required', 'order_id', 'Pay for this order by card to place it.');
    }
    throw error;
  }
  return toSubmittedOrder(completion);
}

const toSubmittedOrder = (completion: Completion): SubmittedOrder => ({
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
async function placedOrderAnswer(ctx: AppContext, orderId: string): Promise<Completion> {
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

/** The provider name of sessions that place an order on net terms (no payment is taken). */
export const TERMS_PROVIDER = 'terms';

// ─── POST /api/order/{order_id}/submit-on-terms ──────────────────────────────────────
/**
 * Places the order to be paid by invoice on the net terms the seller gave the buyer (issue 13):
 * every check a card checkout makes (minimums, availability, address, a current shipping rate),
 * then in ONE transaction under the order's and the cart's locks: the lines priced, a session
 * of our own (provider `terms`, no payment) that holds the tracked stock, and the same
 * completion as a card payment — stock sold, the invoice created OPEN due `net_days` after
 * today, the e-mails, the dashboard, the order lists. Idempotent: a retried or concurrent
 * submit answers the order the first placed. 409 no_payment_terms when the seller gave none.
 */
export async function submitOnTerms(
  ctx: AppContext,
  userId: string,
  orderId: string,
  shownTotalCents?: number,
): Promise<SubmittedOrder> {
  try {
    return await placeOnTerms(ctx, userId, orderId, shownTotalCents);
  } catch (error) {
    // However a concurrent or retried submit learns that the order is placed (its cart closed
    // under it, a card payment made first), it answers the placed order, like the first did.
    if (error instanceof HttpError && error.code === 'order_submitted') {
      const now = await orderState(ctx.db, orderId);
      if (now && now.status !== 'draft') return toSubmittedOrder(await placedOrderAnswer(ctx, orderId));
    }
    throw error;
  }
}

async function placeOnTerms(
  ctx: AppContext,
  userId: string,
  orderId: string,
  shownTotalCents?: number,
): Promise<SubmittedOrder> {
  const state = await orderState(ctx.db, orderId);
  if (!state) throw notFound('Order');
  if (state.status !== 'draft') return toSubmittedOrder(await placedOrderAnswer(ctx, orderId));
  const cart = await readCart(ctx, state.cart_id);
  if (cart.order.status !== 'draft') return toSubmittedOrder(await placedOrderAnswer(ctx, orderId));
  if (cart.is_preview) throw refusal(409, 'preview', 'cart', PREVIEW_CHECKOUT_MESSAGE);
  const noTerms = () => refusal(409, 'no_payment_terms', 'is_net_30', NO_PAYMENT_TERMS_MESSAGE);
  if ((await paymentTermsDays(ctx.db, state.selling_organization_id, state.purchasing_organization_id)) <= 0) {
    throw noTerms();
  }
  const issue = cart.checkout_issues[0];
  if (issue) throw refusal(409, issue.code, 'cart', issue.message);
  const shipping = await checkoutShipping(ctx, orderId);
  // A card checkout of this order still open ends first (one paid meanwhile placed the order).
  if (await endCardCheckouts(ctx, orderId)) return toSubmittedOrder(await placedOrderAnswer(ctx, orderId));

  const { liveStateId } = await getLookups(ctx.db);
  const result = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    if (order.status !== 'draft') return null;
    // The terms as they are now, read under the order's lock (a seller may have changed them).
    const netDays = await paymentTermsDays(tx, order.selling_organization_id, order.purchasing_organization_id);
    if (netDays <= 0) throw noTerms();
    const { lines, subtotalCents } = await priceLockedCart(tx, liveStateId, cart, shownTotalCents);
    const amountCents = subtotalCents + shipping.cost_cents;
    if (amountCents <= 0) throw refusal(409, 'nothing_to_pay', 'cart', 'This order has nothing to pay.');
    refuseUnpayable(amountCents, TERMS_PROVIDER, 'cart');
    const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_TTL_MS);
    // A card checkout started since ends too (the completion's superseded list has it).
    await supersedeLiveSessions(tx, orderId, 'order');
    const [row] = await tx
      .insert(checkoutSessions)
      .values({
        orderId,
        provider: TERMS_PROVIDER,
        accountId: '',
        createdByUserId: userId,
        lines,
        shipping,
        subtotalCents,
        shippingCents: shipping.cost_cents,
        amountCents,
        status: 'open',
        expiresAt,
      })
      .returning();
    const slot = await holdOrRefuse(
      tx,
      row!.id,
      order.selling_organization_id,
      lines,
      new Date(expiresAt.getTime() + STOCK_HOLD_GRACE_MS),
    );
    await recordNetTerms(tx, orderId, netDays);
    return completeInTransaction(ctx, tx, row!.id, { paymentId: null, card: null, netDays }, slot);
  });
  if (!result) return toSubmittedOrder(await placedOrderAnswer(ctx, orderId));
  return toSubmittedOrder(await afterSettled(ctx, result));
}

// ─── POST /api/invoice/{invoice_id}/checkout-session ─────────────────────────────────
const notOpenInvoice = (status: string) =>
  refusal(409, 'invoice_not_open', 'invoice_id', `This invoice is ${status}: there is nothing to pay.`);

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
    throw refusal(409, 'seller_payments_inactive', 'invoice_id', SELLER_PAYMENTS_NOT_ACTIVE);
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
        refusal(409, 'invoice_not_open', 'invoice_id', 'This invoice was just paid in another window.'),
      supersededMeanwhile: () =>
        refusal(
          409,
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
): Promise<void> {
  const superseded = await ctx.db.transaction(async (tx) => {
    const closed = await closeOpenInvoice(tx, sellerId, invoiceId, change);
    return supersedeLiveSessions(tx, closed.orderId, 'invoice');
  });
  if (superseded.length === 0) return;
  await confirmSuperseded(ctx, superseded).catch((err: unknown) =>
    ctx.log.warn({ err, invoiceId }, 'invoice closed: its payment sessions are left for the reconciler to end'),
  );
}

// ─── The provider's webhook ──────────────────────────────────────────────────────────
/** POST /api/stripe/webhook: a signed event about a checkout session completes (or ends) it. */
export async function handleWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  const provider = ctx.providers.payments;
  if (!provider.verifyWebhook) throw notFound('Webhook endpoint');
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    throw providerError(error);
  }
  // A refund made in the provider's dashboard (or the state of one of ours): the refunds module.
  if (event.type === 'charge.refunded') {
    await recordProviderRefundEvent(ctx, event);
    return { received: true };
  }
  if (event.type === 'other' || !event.sessionId) return { received: true };
  const session = await sessionByProviderId(ctx.db, event.sessionId);
  // Not one of ours (another platform's event on a shared account): acknowledged, nothing to do.
  if (!session) return { received: true };
  if (event.type === 'checkout.session.expired') {
    await endSession(ctx, session.id, 'expired');
    return { received: true };
  }
  try {
    await settle(ctx, session);
  } catch (error) {
    // An event for a session that is not paid after all is acknowledged; anything else is
    // answered as an error so the provider delivers the event again.
    if (!(error instanceof HttpError && error.statusCode < 500)) throw error;
  }
  return { received: true };
}

// ─── The built-in provider's embedded checkout ───────────────────────────────────────
function embedded(ctx: AppContext) {
  const checkout = ctx.providers.payments.embeddedCheckout;
  if (!checkout) {
    throw refusal(
      409,
      'checkout_hosted_by_provider',
      'client_secret',
      'This payments provider hosts its own checkout form.',
    );
  }
  return checkout;
}

/** The provider session id inside a client secret (`cs_…_secret_…`), as its format gives it. */
export function sessionIdOfSecret(clientSecret: string): string | null {
  const m = /^(cs_[A-Za-z0-9]+)_secret_/.exec(clientSecret);
  return m ? m[1]! : null;
}

/** POST /api/payments/checkout/session: what the card form shows. */
export async function viewEmbeddedCheckout(ctx: AppContext, clientSecret: string): Promise<EmbeddedCheckout> {
  let view;
  try {
    view = await embedded(ctx).view(clientSecret);
  } catch (error) {
    throw providerError(error);
  }
  return {
    session_id: view.sessionId,
    status: view.status,
    merchant_name: view.merchantName,
    currency: 'usd',
    amount_cents: view.amountCents,
    expires_at: view.expiresAt.toISOString(),
    return_url: view.returnUrl,
    challenge_id: view.challengeId,
  };
}

/** A card outcome in HTTP terms: paid completes the order at once (the buyer's tab may close). */
async function answerOutcome(ctx: AppContext, outcome: CardOutcome): Promise<CardPaymentResult> {
  if (outcome.status === 'declined') {
    throw new HttpError(402, outcome.code, outcome.message, [{ path: 'card.number', message: outcome.message }]);
  }
  if (outcome.status === 'requires_action') {
    return { status: 'requires_action', return_url: null, challenge_id: outcome.challengeId, card: outcome.card };
  }
  const session = await sessionByProviderId(ctx.db, outcome.session.sessionId);
  if (!session) throw new Error(`checkout: the provider session ${outcome.session.sessionId} has no record of ours`);
  await completePaid(ctx, session, outcome.session);
  const order = await orderState(ctx.db, session.orderId);
  return {
    status: 'complete',
    return_url:
      session.purpose === 'invoice'
        ? invoiceReturnUrl(ctx, order!.selling_organization_id, outcome.session.sessionId)
        : returnUrl(ctx, order!.selling_organization_id, outcome.session.sessionId),
    challenge_id: null,
    card: outcome.session.card ?? { brand: 'unknown', last4: '' },
  };
}

/** POST /api/payments/checkout/pay. */
export async function payWithCard(ctx: AppContext, clientSecret: string, card: CardInput): Promise<CardPaymentResult> {
  let outcome;
  try {
    outcome = await embedded(ctx).payWithCard(clientSecret, card);
  } catch (error) {
    throw providerError(error);
  }
  return answerOutcome(ctx, outcome);
}

/** POST /api/payments/checkout/challenge. */
export async function answerChallenge(
  ctx: AppContext,
  clientSecret: string,
  challengeId: string,
  outcome: 'complete' | 'fail',
): Promise<CardPaymentResult> {
  let result;
  try {
    result = await embedded(ctx).answerChallenge(clientSecret, challengeId, outcome);
  } catch (error) {
    throw providerError(error);
  }
  return answerOutcome(ctx, result);
}

// ─── Access ──────────────────────────────────────────────────────────────────────────
/**
 * The purchasing organization of the order a provider session pays (for access policies);
 * empty for a session that is not ours. `orderPurchaser` then applies the cart's pair rule.
 */
export async function providerSessionOrder(db: DbOrTx, providerSessionId: string): Promise<string | undefined> {
  const session = await sessionByProviderId(db, providerSessionId);
  return session?.orderId;
}

// ─── The reconciler's round (reconciler.ts) ──────────────────────────────────────────
export interface ReconcileRound {
  /** Paid sessions that completed their orders (or paid their invoices). */
  completed: number;
  /** Sessions that ended unpaid (expired, or superseded and confirmed ended at the provider). */
  ended: number;
  /** Payments that could not be used, refunded. */
  refunded: number;
}

/**
 * One round, at most `limit` sessions of each kind, oldest first:
 * - sessions still open a minute after they were made: paid ones complete their orders (or are
 *   refunded when their order or invoice was settled another way), expired ones end;
 * - sessions superseded but not yet confirmed ended at the provider (their request stopped
 *   half-way): the provider ends them, or settles one that was paid;
 * - payments owed back (refund_due): refunded, the buyer e-mailed.
 * A session whose provider cannot be reached is left for the next round.
 */
export async function reconcileOpenSessions(
  ctx: AppContext,
  opts: { olderThanMs?: number; limit?: number } = {},
): Promise<ReconcileRound> {
  const olderThan = new Date(Date.now() - (opts.olderThanMs ?? 60_000));
  const provider = ctx.providers.payments;
  const round: ReconcileRound = { completed: 0, ended: 0, refunded: 0 };
  const ofStatus = (statuses: string[], aged: boolean) =>
    ctx.db
      .select()
      .from(checkoutSessions)
      .where(
        and(
          inArray(checkoutSessions.status, statuses),
          eq(checkoutSessions.provider, provider.name),
          aged ? sql`${checkoutSessions.createdAt} <= ${olderThan}` : undefined,
        ),
      )
      .orderBy(checkoutSessions.createdAt)
      .limit(opts.limit ?? 50);

  for (const session of await ofStatus(['open'], true)) {
    if (!session.providerSessionId) continue;
    let state: CheckoutSessionState | null;
    try {
      state = await provider.retrieveCheckoutSession(session.providerSessionId);
    } catch (error) {
      if (error instanceof PaymentsProviderError && error.code === 'provider_unavailable') continue;
      throw error;
    }
    if (state?.paid) {
      try {
        await completePaid(ctx, session, state);
        round.completed += 1;
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode < 500)) throw err;
        // Paid, but for an order or invoice settled another way: refunded (or left refund_due
        // for the next round when the refund could not be made).
        round.refunded += 1;
      }
    } else if (!state || state.status === 'expired') {
      await endSession(ctx, session.id, 'expired');
      round.ended += 1;
    }
  }

  // Superseded by a request that stopped before the provider confirmed (or one still in flight:
  // confirming twice is harmless — expiring is idempotent, completion and refunds happen once).
  for (const session of await ofStatus(['superseded'], false)) {
    try {
      const { paid } = await confirmSuperseded(ctx, [session]);
      if (paid) round.completed += 1;
      else round.ended += 1;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 503) continue;
      throw error;
    }
  }

  for (const session of await ofStatus(['refund_due'], false)) {
    if (await refundUnusablePayment(ctx, session)) round.refunded += 1;
  }
  return round;
}

/**
 * How the order was paid, as its invoice prints it: the card charged, the shipping service's
 * name and when the checkout completed; undefined when no checkout session completed it.
 */
export async function orderPayment(
  db: DbOrTx,
  orderId: string,
): Promise<
  { card: { brand: string; last4: string } | null; serviceLevelName: string | null; paidAt: Date | null } | undefined
> {
  const [row] = await db
    .select({
      cardBrand: checkoutSessions.cardBrand,
      cardLast4: checkoutSessions.cardLast4,
      shipping: checkoutSessions.shipping,
      completedAt: checkoutSessions.completedAt,
    })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.orderId, orderId),
        eq(checkoutSessions.status, 'complete'),
        eq(checkoutSessions.purpose, 'order'),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return {
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    serviceLevelName: row.shipping.service_level_name || null,
    paidAt: row.completedAt,
  };
}
