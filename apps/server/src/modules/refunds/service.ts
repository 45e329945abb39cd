/**
 * Refunds by the seller (issue 21 part 2; docs/payments.md "Refunds").
 *
 * A refund is decided in ONE transaction that locks the order row (orders/refunded.ts): it
 * reads what was paid — the card payment (checkout/payments-of-order.ts), or an invoice paid by
 * other means (payments/invoice-of-order.ts) — and what earlier refunds took (the order's
 * `refunded_cents`, their lines and shipping), refuses anything beyond, and records the refund
 * with its credit note number. Refunds of one order therefore run one after the other, from
 * any number of processes: two at once never give back more than was paid.
 *
 * A credit note (an invoice paid by check, ACH…) succeeds in that transaction. A card refund
 * is recorded `pending` there and the money moves AFTER the commit: the provider is asked with
 * the refund's id as its idempotency key, then a second transaction (order row, then the
 * refund row, locked) marks it succeeded — or failed, giving its amount back. A crash or an
 * unreachable provider between the two leaves it pending: the next request with the same
 * Idempotency-Key, and the settler (settler.ts, every minute in every process), ask the
 * provider again with the same key, which answers the refund it made (never a second one).
 *
 * When a refund succeeds, in its transaction: the units of tracked products go back to stock if
 * the seller asked (with inventory history), the dashboard counts the goods against the day's
 * sales, the buyer's members get an e-mail, and the order lists' versions are bumped last.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  REFUND_REASON_LABELS,
  type CreateRefundBody,
  type OrderRefunds,
  type Refund,
  type RefundMethod,
  type RefundReason,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { notFound, refusal } from '../../lib/errors.js';
import { enqueueMail, wakeMailWorkers } from '../../providers/mail/index.js';
import { PaymentsProviderError } from '../../providers/payments/interface.js';
import { cardPaymentOfOrder } from '../checkout/payments-of-order.js';
import { claimSellerSlot } from '../checkout/seller-slot.js';
import { recordRefundForDashboard } from '../dashboard/service.js';
import { recordOrderReturns } from '../inventory/service.js';
import { recordOrderEvent } from '../orders/events.js';
import { touchOrderLists } from '../orders/list-version.js';
import {
  addOrderRefunded,
  lockOrderForRefund,
  orderForRefund,
  orderLinesForRefund,
  type OrderForRefund,
  type OrderLineForRefund,
} from '../orders/refunded.js';
import { organizationName } from '../organizations/service.js';
import { invoiceOfOrder } from '../payments/invoice-of-order.js';
import { lockCatalogVersion } from '../products/catalog-version.js';
import { returnStock, trackedProductIds } from '../products/stock.js';
import { memberContacts } from '../users/service.js';
import { userNameSql } from '../users/sql.js';
import { creditNoteLink, creditNoteLinkSigner, type CreditNoteLinkSigner } from './credit-note-links.js';
import { formatUsd, renderRefundEmail } from './refund-email.js';
import { refunds, type RefundLineRecord } from './schema.js';
import { recordRefundWebhook } from './refund-webhook.js';

export type RefundRow = typeof refunds.$inferSelect;

// ─── What was paid ───────────────────────────────────────────────────────────────────
/** How the order was paid, and so how a refund goes back. */
type Payment =
  | {
      method: 'card';
      paidCents: number;
      provider: string;
      providerSessionId: string;
      paymentId: string;
      card: { brand: string; last4: string } | null;
    }
  | { method: 'credit_note'; paidCents: number; invoiceNumber: string };

/** Why nothing can be refunded: a code and the sentence (undefined: it was paid). */
type NotPaid = { code: string; message: string };

async function paymentOf(db: DbOrTx, order: OrderForRefund): Promise<Payment | NotPaid> {
  if (order.status !== 'submitted' || !order.completed_on) {
    return { code: 'order_not_placed', message: 'Only a placed order can be refunded.' };
  }
  const card = await cardPaymentOfOrder(db, order.id);
  if (card) {
    return {
      method: 'card',
      paidCents: card.amountCents,
      provider: card.provider,
      providerSessionId: card.providerSessionId,
      paymentId: card.paymentId,
      card: card.card,
    };
  }
  const invoice = await invoiceOfOrder(db, order.id);
  if (invoice?.status === 'PAID') {
    return { method: 'credit_note', paidCents: invoice.amount_cents, invoiceNumber: invoice.number };
  }
  if (invoice?.status === 'OPEN') {
    return {
      code: 'invoice_not_paid',
      message: `This order’s invoice ${invoice.number} is not paid yet, so there is nothing to refund. Void the invoice instead, or refund it once it is paid.`,
    };
  }
  if (invoice?.status === 'VOID') {
    return {
      code: 'invoice_void',
      message: `This order’s invoice ${invoice.number} was voided: nothing was paid, so there is nothing to refund.`,
    };
  }
  return { code: 'order_not_paid', message: 'Nothing was paid for this order, so there is nothing to refund.' };
}

const isPaid = (p: Payment | NotPaid): p is Payment => 'method' in p;

// ─── What is left ────────────────────────────────────────────────────────────────────
/** What the order's refunds so far (pending and succeeded) took: units per line, shipping, goods. */
interface Taken {
  byLine: Map<string, number>;
  shippingCents: number;
  goodsCents: number;
}

async function takenSoFar(db: DbOrTx, orderId: string): Promise<Taken> {
  const rows = await db
    .select({ amountCents: refunds.amountCents, shippingCents: refunds.shippingCents, lines: refunds.lines })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  const taken: Taken = { byLine: new Map(), shippingCents: 0, goodsCents: 0 };
  for (const r of rows) {
    taken.shippingCents += r.shippingCents;
    taken.goodsCents += r.amountCents - r.shippingCents;
    for (const l of r.lines) taken.byLine.set(l.line_item_id, (taken.byLine.get(l.line_item_id) ?? 0) + l.quantity);
  }
  return taken;
}

interface Plan {
  amountCents: number;
  shippingCents: number;
  lines: RefundLineRecord[];
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The refund the body asks for, checked against what is left; refusals name the field. */
function planRefund(
  order: OrderForRefund,
  paid: Payment,
  taken: Taken,
  lines: OrderLineForRefund[],
  body: CreateRefundBody,
): Plan {
  const remaining = paid.paidCents - order.refunded_cents;
  const shippingLeft = Math.max(0, order.shipping_cost_in_cents - taken.shippingCents);
  const goodsLeft = Math.max(0, paid.paidCents - order.shipping_cost_in_cents - taken.goodsCents);
  if (remaining <= 0) {
    throw refusal('conflict', 'already_refunded', 'amount_cents', 'This order was already refunded in full.');
  }
  let plan: Plan;
  if (body.full) {
    const all = lines
      .map((l) => ({ line: l, left: l.quantity - (taken.byLine.get(l.id) ?? 0) }))
      .filter((x) => x.left > 0)
      .map(({ line, left }) => ({
        line_item_id: line.id,
        product_id: line.product_id,
        name: line.name,
        quantity: left,
        amount_cents: left * line.unit_price_in_cents,
      }));
    plan = { amountCents: remaining, shippingCents: Math.min(shippingLeft, remaining), lines: all };
  } else if (body.amount_cents !== undefined) {
    // An amount not tied to lines counts against the goods first, then the shipping.
    const amount = body.amount_cents;
    plan = { amountCents: amount, shippingCents: Math.min(shippingLeft, Math.max(0, amount - goodsLeft)), lines: [] };
  } else {
    const chosen: RefundLineRecord[] = (body.lines ?? []).map((wanted, i) => {
      const line = lines.find((l) => l.id === wanted.line_item_id);
      if (!line) {
        throw refusal(
          'invalid',
          'validation_error',
          `lines.${i}.line_item_id`,
          `lines.${i}.line_item_id: is not a line of this order`,
        );
      }
      const left = line.quantity - (taken.byLine.get(line.id) ?? 0);
      if (wanted.quantity > left) {
        throw refusal(
          'conflict',
          'refund_exceeds_quantity',
          `lines.${i}.quantity`,
          left === 0
            ? `“${line.name}” was already refunded in full.`
            : `Only ${left} ${plural(left, 'unit', 'units')} of “${line.name}” ${plural(left, 'is', 'are')} left to refund.`,
        );
      }
      return {
        line_item_id: line.id,
        product_id: line.product_id,
        name: line.name,
        quantity: wanted.quantity,
        amount_cents: wanted.quantity * line.unit_price_in_cents,
      };
    });
    const shipping = body.shipping_cents ?? 0;
    if (shipping > shippingLeft) {
      throw refusal(
        'conflict',
        'refund_exceeds_shipping',
        'shipping_cents',
        shippingLeft === 0
          ? 'The shipping of this order was already refunded.'
          : `Only ${formatUsd(shippingLeft)} of the shipping is left to refund.`,
      );
    }
    const amount = chosen.reduce((n, l) => n + l.amount_cents, 0) + shipping;
    if (amount <= 0) {
      throw refusal(
        'invalid',
        'validation_error',
        'lines',
        'lines: the items chosen come to $0.00; there is nothing to refund.',
      );
    }
    plan = { amountCents: amount, shippingCents: shipping, lines: chosen };
  }
  if (plan.amountCents > remaining) {
    throw refusal(
      'conflict',
      'refund_exceeds_payment',
      'amount_cents',
      `This refund of ${formatUsd(plan.amountCents)} is more than is left: only ${formatUsd(remaining)} of the ${formatUsd(paid.paidCents)} paid can still be refunded.`,
    );
  }
  return plan;
}

// ─── Creating one ────────────────────────────────────────────────────────────────────
export interface RefundRequest {
  sellerId: string;
  orderId: string;
  userId: string | null;
  body: CreateRefundBody;
  /** The Idempotency-Key header; without one, every request is a new refund. */
  idempotencyKey?: string;
}

/** The request's fingerprint: the same key with a different request is refused. */
function requestHash(body: CreateRefundBody): string {
  const canonical = {
    full: body.full === true,
    amount_cents: body.amount_cents ?? null,
    lines: body.lines ?? [],
    shipping_cents: body.shipping_cents ?? 0,
    reason: body.reason,
    note: body.note ?? null,
    restock: body.restock === true,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** POST /api/organization/{org_id}/orders/{order_id}/refunds. */
export async function createRefund(ctx: AppContext, req: RefundRequest): Promise<Refund> {
  const key = req.idempotencyKey ?? `request:${randomUUID()}`;
  const hash = requestHash(req.body);
  const recorded = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderForRefund(tx, req.orderId);
    if (!order || order.selling_organization_id !== req.sellerId) throw notFound('Order');
    const [again] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.idempotencyKey, key)));
    if (again) {
      if (again.requestHash !== hash) {
        throw refusal(
          'conflict',
          'idempotency_key_reused',
          'idempotency-key',
          'This Idempotency-Key was already used for another refund of this order. Send a new key for a new refund.',
        );
      }
      return again;
    }
    const paid = await paymentOf(tx, order);
    if (!isPaid(paid)) throw refusal('conflict', paid.code, 'order_id', paid.message);
    const [taken, lines] = [await takenSoFar(tx, order.id), await orderLinesForRefund(tx, order.id)];
    const plan = planRefund(order, paid, taken, lines, req.body);
    const created = await insertRefund(tx, order, paid, plan, {
      reason: req.body.reason,
      note: req.body.note || null,
      restock: req.body.restock === true && plan.lines.length > 0,
      key,
      hash,
      userId: req.userId,
    });
    await recordRefundEvent(tx, created);
    if (created.method === 'card') {
      // The lists show the amount at once (it is the seller's to give back from now on).
      await touchOrderLists(tx, [order.selling_organization_id, order.purchasing_organization_id]);
    } else {
      await applySucceeded(ctx, tx, created, order);
    }
    return created;
  });
  let refund = recorded;
  if (refund.status === 'pending' && refund.method === 'card') {
    refund = await settleCardRefund(ctx, refund.id, { answerRefusal: true });
  }
  wakeMailWorkers();
  return presentRefund(await creditNoteLinkSigner(ctx), refund, null);
}

/** Records the refund the plan says, with its credit note number, and adds it to the order's refunded amount. */
async function insertRefund(
  tx: Tx,
  order: OrderForRefund,
  paid: Payment,
  plan: Plan,
  f: { reason: string; note: string | null; restock: boolean; key: string; hash: string; userId: string | null },
): Promise<RefundRow> {
  const card = paid.method === 'card';
  const [created] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      sellerOrganizationId: order.selling_organization_id,
      purchaserOrganizationId: order.purchasing_organization_id,
      amountCents: plan.amountCents,
      shippingCents: plan.shippingCents,
      lines: plan.lines,
      reason: f.reason,
      note: f.note,
      method: paid.method,
      status: card ? 'pending' : 'succeeded',
      provider: card ? paid.provider : null,
      providerSessionId: card ? paid.providerSessionId : null,
      providerPaymentId: card ? paid.paymentId : null,
      cardBrand: card ? (paid.card?.brand ?? null) : null,
      cardLast4: card ? (paid.card?.last4 ?? null) : null,
      creditNoteNumber: sql`'CN-' || lpad(nextval('credit_note_number_seq')::text, 6, '0')`,
      restock: f.restock,
      idempotencyKey: f.key,
      requestHash: f.hash,
      createdByUserId: f.userId,
      settledAt: card ? null : sql`now()`,
    })
    .returning();
  await addOrderRefunded(tx, order.id, plan.amountCents);
  return created!;
}

/** The refund's line on the order's timeline (issue 23), in the transaction that records it. */
async function recordRefundEvent(
  tx: Tx,
  refund: RefundRow,
  why: 'refund' | 'cancellation' | 'claim' = 'refund',
): Promise<void> {
  const how = refund.method === 'card' ? 'to the card' : `as credit note ${refund.creditNoteNumber}`;
  const what = { refund: 'Refunded', cancellation: 'Refunded what was cancelled', claim: 'Refunded the claimed items' }[
    why
  ];
  await recordOrderEvent(tx, {
    orderId: refund.orderId,
    kind: 'refunded',
    side: 'seller',
    userId: refund.createdByUserId,
    summary: `${what}: ${formatUsd(refund.amountCents)} ${how} (${refundReasonLabel(refund.reason)})`,
    note: why === 'refund' ? refund.note : null,
    details: { refund_id: refund.id, amount_cents: refund.amountCents },
  });
  await recordRefundWebhook(tx, refund);
}

/** How a cancellation's money went back (issue 23, orders/cancellation.ts). */
export type CancellationMoney =
  | { kind: 'refund'; refund: RefundRow }
  /** The order's invoice is open: the caller reduces it. */
  | { kind: 'open_invoice' }
  /** Nothing was paid, or everything paid was refunded already. */
  | { kind: 'none' };

/**
 * Issue 23: gives back what was paid for cancelled units (and the shipping, when the whole order
 * is cancelled before anything shipped), in the cancelling transaction, which holds the order's
 * row lock (lockOrderForRefund). A card payment gets a pending card refund (the caller settles
 * it after the commit, settleCardRefund); an invoice paid another way a credit note. Named by
 * lines when what earlier refunds took leaves room, else as an amount — never more than is left
 * of the payment. Stock is the caller's (restock false here).
 */
export async function refundForCancellation(
  ctx: AppContext,
  tx: Tx,
  order: OrderForRefund,
  req: {
    lines: { line_item_id: string; quantity: number }[];
    shippingCents: number;
    reason: RefundReason;
    note: string | null;
    userId: string | null;
    key: string;
    slot: number;
    /** What the refund is for: a cancellation (default) or a claim (issue 23). */
    purpose?: 'cancel' | 'claim';
  },
): Promise<CancellationMoney> {
  const paid = await paymentOf(tx, order);
  if (!isPaid(paid)) return paid.code === 'invoice_not_paid' ? { kind: 'open_invoice' } : { kind: 'none' };
  const [taken, lines] = [await takenSoFar(tx, order.id), await orderLinesForRefund(tx, order.id)];
  const body: CreateRefundBody = { lines: req.lines, shipping_cents: req.shippingCents, reason: req.reason };
  let plan: Plan;
  try {
    plan = planRefund(order, paid, taken, lines, body);
  } catch {
    const remaining = paid.paidCents - order.refunded_cents;
    const value =
      req.lines.reduce(
        (n, l) => n + l.quantity * (lines.find((x) => x.id === l.line_item_id)?.unit_price_in_cents ?? 0),
        0,
      ) + req.shippingCents;
    const amount = Math.min(value, remaining);
    if (amount <= 0) return { kind: 'none' };
    plan = { amountCents: amount, shippingCents: 0, lines: [] };
  }
  const created = await insertRefund(tx, order, paid, plan, {
    reason: req.reason,
    note: req.note,
    restock: false,
    key: `${req.purpose ?? 'cancel'}:${req.key}`,
    hash: requestHash(body),
    userId: req.userId,
  });
  if (created.method !== 'card') await applySucceeded(ctx, tx, created, order, req.slot);
  await recordRefundEvent(tx, created, req.purpose === 'claim' ? 'claim' : 'cancellation');
  return { kind: 'refund', refund: created };
}

// ─── Settling a card refund ──────────────────────────────────────────────────────────
/** What the provider's refund reason is for ours (Stripe knows duplicate and requested_by_customer). */
function providerReason(reason: string): string {
  if (reason === 'duplicate') return 'duplicate';
  if (reason === 'retailer_request') return 'requested_by_customer';
  return reason;
}

/** The refund succeeded: stock back if asked, the dashboard, the buyer's e-mail, the lists. */
export async function applySucceeded(
  ctx: AppContext,
  tx: Tx,
  refund: RefundRow,
  order: OrderForRefund,
  claimed?: number,
): Promise<void> {
  const sellerId = order.selling_organization_id;
  const buyerId = order.purchasing_organization_id;
  // The seller's slot first, then the catalogue: the order a checkout's completion takes them in.
  const slot = claimed ?? (await claimSellerSlot(tx, sellerId));
  if (refund.restock && refund.lines.length > 0) {
    await lockCatalogVersion(tx, sellerId);
    const returned = await returnStock(
      tx,
      refund.lines.filter((l) => l.product_id).map((l) => ({ productId: l.product_id!, quantity: l.quantity })),
    );
    await recordOrderReturns(tx, sellerId, order.id, refund.createdByUserId, returned);
  }
  await recordRefundForDashboard(
    tx,
    { sellerId, at: refund.settledAt ?? new Date(), goodsCents: refund.amountCents - refund.shippingCents },
    slot,
  );
  await queueRefundEmail(ctx, tx, refund, order);
  // Last: the lists' version rows stay locked only until the commit (list-version.ts).
  await touchOrderLists(tx, [sellerId, buyerId], slot);
}

async function queueRefundEmail(ctx: AppContext, tx: Tx, refund: RefundRow, order: OrderForRefund): Promise<void> {
  const [sellerName, buyerName, invoice, recipients] = [
    (await organizationName(tx, order.selling_organization_id)) ?? 'Your seller',
    (await organizationName(tx, order.purchasing_organization_id)) ?? 'your organization',
    await invoiceOfOrder(tx, order.id),
    await memberContacts(tx, order.purchasing_organization_id),
  ];
  for (const r of recipients) {
    const message = renderRefundEmail({
      sellerName,
      buyerName,
      orderReference: invoice?.number ?? `#${order.id.slice(0, 8).toUpperCase()}`,
      creditNoteNumber: refund.creditNoteNumber,
      amountCents: refund.amountCents,
      shippingCents: refund.shippingCents,
      lines: refund.lines.map((l) => ({ name: l.name, quantity: l.quantity, amountCents: l.amount_cents })),
      reason: refund.reason as RefundReason,
      note: refund.note,
      method: refund.method as RefundMethod,
      card: refund.cardBrand && refund.cardLast4 ? { brand: refund.cardBrand, last4: refund.cardLast4 } : null,
      ordersUrl: `${ctx.config.publicUrl}/storefront/${order.selling_organization_id}/orders`,
      to: r.email,
    });
    await enqueueMail(tx, {
      kind: 'refund',
      organizationId: order.purchasing_organization_id,
      from: ctx.config.mail.from,
      to: r.email,
      ...message,
    });
  }
}

/**
 * Moves a pending card refund's money at the provider (the refund's id is the idempotency key:
 * asked twice, the provider answers its first refund) and records the answer: succeeded, still
 * pending at the provider, or failed (its amount is free again). A provider that cannot be
 * reached leaves it pending for the next try. With `answerRefusal`, a refusal is thrown as a
 * 409 the seller reads (the request that made the refund); otherwise the failed refund is answered.
 */
export async function settleCardRefund(
  ctx: AppContext,
  refundId: string,
  opts: { answerRefusal?: boolean } = {},
): Promise<RefundRow> {
  const [row] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row) throw new Error(`refunds: no refund ${refundId}`);
  if (row.status !== 'pending' || row.method !== 'card') return row;
  if (!row.providerSessionId || !row.providerPaymentId || row.provider !== ctx.providers.payments.name) {
    // Taken by another provider than this process's (a configuration change): left for it.
    return row;
  }
  await ctx.db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1` })
    .where(eq(refunds.id, refundId));
  let answer;
  try {
    answer = await ctx.providers.payments.refundPayment({
      sessionId: row.providerSessionId,
      paymentId: row.providerPaymentId,
      amountCents: row.amountCents,
      reason: providerReason(row.reason),
      idempotencyKey: row.id,
      metadata: { order_id: row.orderId, refund_id: row.id, credit_note: row.creditNoteNumber },
    });
  } catch (error) {
    if (
      error instanceof PaymentsProviderError &&
      (error.code === 'refund_exceeds_payment' || error.code === 'not_refundable')
    ) {
      const message =
        error.code === 'refund_exceeds_payment'
          ? 'The payments provider refused the refund: less is left of this payment than was asked. Nothing was refunded.'
          : 'The payments provider refused the refund: it does not hold this payment as paid. Nothing was refunded.';
      const failed = await failRefund(ctx, row.id, message);
      if (opts.answerRefusal) throw refusal('conflict', 'refund_refused', 'amount_cents', message);
      return failed;
    }
    const unreachable = error instanceof PaymentsProviderError && error.code === 'provider_unavailable';
    if (!unreachable) ctx.log.error({ err: error, refundId }, 'refunds: the provider failed; the refund stays pending');
    await ctx.db
      .update(refunds)
      .set({
        failureMessage: unreachable
          ? 'The payments provider could not be reached; trying again.'
          : 'The payments provider failed; trying again.',
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    const [now] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
    return now!;
  }
  if (answer.status === 'failed') {
    return failRefund(
      ctx,
      row.id,
      'The payments provider could not give the money back to the card. Nothing was refunded.',
      answer.refundId,
    );
  }
  return recordProviderAnswer(ctx, row.id, answer.refundId, answer.status);
}

/** The provider holds the refund (succeeded or still pending there): record it, once. */
export async function recordProviderAnswer(
  ctx: AppContext,
  refundId: string,
  providerRefundId: string,
  status: 'succeeded' | 'pending',
): Promise<RefundRow> {
  const out = await ctx.db.transaction(async (tx) => {
    const [head] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    const order = await lockOrderForRefund(tx, head!.orderId);
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!row || row.status !== 'pending') return row!;
    const [updated] = await tx
      .update(refunds)
      .set({
        providerRefundId,
        status,
        failureMessage: null,
        ...(status === 'succeeded' ? { settledAt: sql`now()` } : {}),
      })
      .where(eq(refunds.id, refundId))
      .returning();
    if (status === 'succeeded') await applySucceeded(ctx, tx, updated!, order!);
    return updated!;
  });
  wakeMailWorkers();
  return out;
}

/** The refund failed: its amount is free again (the order's refunded amount goes down by it). */
export async function failRefund(
  ctx: AppContext,
  refundId: string,
  message: string,
  providerRefundId?: string,
): Promise<RefundRow> {
  return ctx.db.transaction(async (tx) => {
    const [head] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    const order = await lockOrderForRefund(tx, head!.orderId);
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!row || row.status !== 'pending') return row!;
    const [updated] = await tx
      .update(refunds)
      .set({
        status: 'failed',
        failureMessage: message,
        settledAt: sql`now()`,
        ...(providerRefundId ? { providerRefundId } : {}),
      })
      .where(eq(refunds.id, refundId))
      .returning();
    await addOrderRefunded(tx, row.orderId, -row.amountCents);
    await touchOrderLists(tx, [order!.selling_organization_id, order!.purchasing_organization_id]);
    return updated!;
  });
}

/**
 * The settler's round (settler.ts): card refunds still pending after `olderThanMs` (a crash
 * between the record and the provider, a provider that could not be reached, a refund the
 * provider was still working on) are asked again, oldest first.
 */
export async function settlePendingRefunds(
  ctx: AppContext,
  opts: { olderThanMs?: number; limit?: number } = {},
): Promise<{ settled: number; failed: number; pending: number }> {
  const olderThan = new Date(Date.now() - (opts.olderThanMs ?? 30_000));
  const due = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.method, 'card'),
        eq(refunds.provider, ctx.providers.payments.name),
        sql`${refunds.createdAt} <= ${olderThan}`,
      ),
    )
    .orderBy(refunds.createdAt)
    .limit(opts.limit ?? 50);
  const counts = { settled: 0, failed: 0, pending: 0 };
  for (const { id } of due) {
    let row: RefundRow;
    if ((await pendingAtProvider(ctx, id)) !== null) {
      row = await followProviderRefund(ctx, id);
    } else {
      row = await settleCardRefund(ctx, id);
    }
    if (row.status === 'succeeded') counts.settled += 1;
    else if (row.status === 'failed') counts.failed += 1;
    else counts.pending += 1;
  }
  return counts;
}

/** The provider's refund id of a pending refund the provider already holds (null: not asked yet). */
async function pendingAtProvider(ctx: AppContext, refundId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ providerRefundId: refunds.providerRefundId })
    .from(refunds)
    .where(eq(refunds.id, refundId));
  return row?.providerRefundId ?? null;
}

/**
 * A refund the provider accepted but was still working on: its state now, read from the
 * provider's list of the payment's refunds (a provider that cannot list them: asked again).
 */
async function followProviderRefund(ctx: AppContext, refundId: string): Promise<RefundRow> {
  const [row] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row || row.status !== 'pending' || !row.providerPaymentId) return row!;
  const list = ctx.providers.payments.listRefunds;
  if (!list) return settleCardRefund(ctx, refundId);
  let found;
  try {
    found = (await list.call(ctx.providers.payments, row.providerPaymentId)).find(
      (r) => r.refundId === row.providerRefundId,
    );
  } catch (error) {
    if (error instanceof PaymentsProviderError && error.code === 'provider_unavailable') return row;
    throw error;
  }
  if (!found || found.status === 'pending') return row;
  if (found.status === 'failed') {
    return failRefund(
      ctx,
      refundId,
      'The payments provider could not give the money back to the card. Nothing was refunded.',
    );
  }
  return recordProviderAnswer(ctx, refundId, found.refundId, 'succeeded');
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────
type ListedRow = RefundRow & { createdByName: string | null };

export function presentRefund(signer: CreditNoteLinkSigner, r: RefundRow, createdByName: string | null): Refund {
  return {
    id: r.id,
    order_id: r.orderId,
    credit_note_number: r.creditNoteNumber,
    amount_cents: r.amountCents,
    shipping_cents: r.shippingCents,
    lines: r.lines.map((l) => ({
      line_item_id: l.line_item_id,
      product_id: l.product_id,
      name: l.name,
      quantity: l.quantity,
      amount_cents: l.amount_cents,
    })),
    reason: r.reason as RefundReason,
    note: r.note,
    method: r.method as RefundMethod,
    card: r.cardBrand && r.cardLast4 ? { brand: r.cardBrand, last4: r.cardLast4 } : null,
    status: r.status as Refund['status'],
    failure_message: r.status === 'succeeded' ? null : r.failureMessage,
    restock: r.restock,
    source: r.source === 'provider' ? 'provider' : 'seller',
    created_at: new Date(r.createdAt).toISOString(),
    created_by: r.createdByUserId ? { name: createdByName } : null,
    credit_note_link: creditNoteLink(signer, r.id),
  };
}

/** The order's refunds, newest first. */
export async function refundsOfOrder(db: DbOrTx, orderId: string): Promise<ListedRow[]> {
  return db
    .select({ refund: refunds, createdByName: sql<string | null>`${userNameSql(sql`${refunds.createdByUserId}`)}` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .then((rows) => rows.map((r) => ({ ...r.refund, createdByName: r.createdByName })));
}

/** GET /api/order/{order_id}/refunds: the refunds, and what a new one may still give back. */
export async function orderRefunds(ctx: AppContext, orderId: string): Promise<OrderRefunds> {
  const order = await orderForRefund(ctx.db, orderId);
  if (!order) throw notFound('Order');
  const [paid, taken, lines, rows, signer] = await Promise.all([
    paymentOf(ctx.db, order),
    takenSoFar(ctx.db, orderId),
    orderLinesForRefund(ctx.db, orderId),
    refundsOfOrder(ctx.db, orderId),
    creditNoteLinkSigner(ctx),
  ]);
  const tracked = await trackedProductIds(
    ctx.db,
    lines.map((l) => l.product_id),
  );
  const paidCents = isPaid(paid) ? paid.paidCents : 0;
  const refundable = Math.max(0, paidCents - order.refunded_cents);
  const notRefundable = !isPaid(paid) ? paid.message : refundable === 0 ? 'This order was refunded in full.' : null;
  return {
    order_id: order.id,
    paid_cents: paidCents,
    refunded_cents: order.refunded_cents,
    refundable_cents: refundable,
    method: isPaid(paid) ? paid.method : null,
    card: isPaid(paid) && paid.method === 'card' ? paid.card : null,
    not_refundable: notRefundable,
    lines: lines.map((l) => ({
      line_item_id: l.id,
      product_id: l.product_id,
      name: l.name,
      quantity: l.quantity,
      unit_price_in_cents: l.unit_price_in_cents,
      refunded_quantity: taken.byLine.get(l.id) ?? 0,
      track_inventory: tracked.has(l.product_id),
    })),
    shipping_cents: order.shipping_cost_in_cents,
    shipping_refunded_cents: taken.shippingCents,
    refunds: rows.map((r) => presentRefund(signer, r, r.createdByName)),
  };
}

/** For messages and documents: the reason's label ("Damaged"). */
export const refundReasonLabel = (reason: string): string =>
  REFUND_REASON_LABELS[reason as RefundReason] ?? REFUND_REASON_LABELS.other;
