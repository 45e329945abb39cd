/**
 * Orders after checkout (issue 23; docs/architecture.md "Orders after checkout"): the commands
 * that move a placed order — accept, cancel (all or some units), ship (in parts), mark
 * delivered, the buyer's cancellation request and the seller's decline.
 *
 * Every command is ONE transaction that first locks the order's row (the lock refunds, Pay now
 * and invoice changes take too: they all run one after the other per order, from any process),
 * checks the order's state under that lock — so a cancel racing a shipment, or two cancels, see
 * each other's result and the second is refused with a 409 naming what changed — then writes
 * the lines' units, the state, the money (a refund, or the open invoice reduced), the stock, the
 * timeline event, the e-mails, and last the order lists' versions. A command's Idempotency-Key
 * is kept on its event (events.ts): a retry answers the order as it is, doing nothing twice.
 * A card refund is recorded pending in that transaction and asked of the provider after the
 * commit (refunds/service.ts), so money never moves for a change that rolled back.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CANCEL_REASON_LABELS,
  CARRIER_LABELS,
  ORDER_STATE_LABELS,
  applicableMinimum,
  isOpenOrderState,
  orderLabel,
  trackingUrl,
  unitsLeft,
  unitsShippableNow,
  type BuyerCancelBody,
  type CancelReason,
  type Carrier,
  type CreateShipmentBody,
  type Order,
  type OrderEventKind,
  type OrderState,
  type RefundReason,
  type SetShippingBody,
} from '@cratebase/contract';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import { notFound, refusal } from '../../lib/errors.js';
import { enqueueMail, wakeMailWorkers } from '../../providers/mail/index.js';
import { confirmSuperseded, supersedeLiveSessions } from '../checkout/settlement.js';
import { claimSellerSlot } from '../checkout/seller-slot.js';
import type { SessionRow } from '../checkout/settlement.js';
import { recordRefundForDashboard } from '../dashboard/service.js';
import { recordOrderReturns } from '../inventory/service.js';
import { organizationName } from '../organizations/service.js';
import { reduceOpenInvoice } from '../payments/invoices.js';
import { orderInvoice } from '../payments/sql.js';
import { orderTermsSql } from '../organizations/sql.js';
import { addLineUnits, orderLineUnits, type OrderLineUnits } from '../carts/order-lines.js';
import {
  correctLatestShipment,
  lockPlacedOrder,
  placedBefore,
  recordShipment,
  setCancellationRequest,
  setOrderState,
  type PlacedOrder,
} from '../orders/changes.js';
import { lockCatalogVersion } from '../products/catalog-version.js';
import { returnStock } from '../products/stock.js';
import { refundForCancellation, settleCardRefund } from '../refunds/service.js';
import { formatUsd } from '../refunds/refund-email.js';
import { memberContacts } from '../users/service.js';
import { alreadyDone, commandHash, recordOrderEvent } from '../orders/events.js';
import { renderOrderChangeEmail } from './change-email.js';
import { touchOrderLists } from '../orders/list-version.js';
import { orderDetail } from '../orders/queries.js';
import { renderTrackingEmail } from './tracking-email.js';
import { recordOrderWebhook } from '../outbound-webhooks/events.js';

// ─── The order under its lock ────────────────────────────────────────────────────────
/** The order as a command reads it under its row lock (orders/changes.ts). */
export type LockedOrder = PlacedOrder;
/** Its lines with their units (carts/order-lines.ts). */
export type LockedLine = OrderLineUnits;

/** The order's line a request names at `lines.i` (400 naming lines.i.line_item_id for another's). */
export function lineNamed(lines: readonly LockedLine[], lineId: string, i: number): LockedLine {
  const line = lines.find((l) => l.id === lineId);
  if (!line) {
    throw refusal(
      'invalid',
      'validation_error',
      `lines.${i}.line_item_id`,
      `lines.${i}.line_item_id: is not a line of this order`,
    );
  }
  return line;
}

/** The state the lines say (issue 23's model; contract order-lifecycle-rules.ts). */
export function stateOf(
  lines: readonly Pick<LockedLine, 'quantity' | 'cancelled_quantity' | 'shipped_quantity'>[],
  order: { accepted_at: string | null; delivered_at: string | null },
): OrderState {
  const shipped = lines.reduce((n, l) => n + l.shipped_quantity, 0);
  const left = lines.reduce((n, l) => n + unitsLeft(l), 0);
  if (left === 0 && shipped === 0) return 'cancelled';
  if (left === 0) return order.delivered_at ? 'delivered' : 'shipped';
  if (shipped > 0) return 'partially_shipped';
  return order.accepted_at ? 'accepted' : 'placed';
}

export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
export const unitsText = (items: { name: string; quantity: number }[]) => items.map((i) => `${i.quantity} × ${i.name}`);

// ─── Running a command ───────────────────────────────────────────────────────────────
export interface Actor {
  side: 'seller' | 'buyer';
  organizationId: string;
  userId: string | null;
}

/** What runs after the commit: card refunds to ask of the provider, Pay now sessions to end. */
export interface AfterCommit {
  cardRefunds: string[];
  superseded: SessionRow[];
  mail: boolean;
}

const nothingAfter = (): AfterCommit => ({ cardRefunds: [], superseded: [], mail: false });

export interface CommandContext {
  tx: Tx;
  order: LockedOrder;
  lines: LockedLine[];
  actor: Actor;
  idempotency: { key: string; hash: string } | undefined;
  after: AfterCommit;
}

export async function runCommand(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
  name: string,
  body: unknown,
  key: string | undefined,
  run: (c: CommandContext) => Promise<void>,
): Promise<Order> {
  const hash = commandHash(name, body);
  const after = await ctx.db.transaction(async (tx) => {
    const order = await lockPlacedOrder(tx, orderId);
    const party = actor.side === 'seller' ? order?.selling_organization_id : order?.purchasing_organization_id;
    if (!order || order.status !== 'submitted' || !order.completed_on || party !== actor.organizationId) {
      throw notFound('Order');
    }
    const c: CommandContext = {
      tx,
      order,
      lines: [],
      actor,
      idempotency: key ? { key, hash } : undefined,
      after: nothingAfter(),
    };
    if (await alreadyDone(tx, orderId, key, hash)) return c.after;
    c.lines = await orderLineUnits(tx, order.cart_id);
    await run(c);
    return c.after;
  });
  for (const id of after.cardRefunds) {
    // A refusal or an unreachable provider leaves the refund failed or pending (shown on the order); the
    // cancellation itself stands.
    await settleCardRefund(ctx, id).catch((err: unknown) =>
      ctx.log.error({ err, refundId: id }, 'orders: a cancellation refund is left for the settler'),
    );
  }
  if (after.superseded.length > 0) {
    await confirmSuperseded(ctx, after.superseded).catch((err: unknown) =>
      ctx.log.warn({ err, orderId }, 'orders: ended Pay now sessions are left for the reconciler'),
    );
  }
  if (after.mail) wakeMailWorkers();
  const order = await orderDetail(ctx, orderId);
  if (!order) throw notFound('Order');
  return order;
}

/**
 * The command's event on the order's timeline, by the caller, carrying the command's
 * Idempotency-Key (one event per command carries it: events.ts).
 */
export async function commandEvent(c: CommandContext, kind: OrderEventKind, summary: string, note?: string | null) {
  await recordOrderEvent(c.tx, {
    orderId: c.order.id,
    kind,
    side: c.actor.side,
    userId: c.actor.userId,
    summary,
    note: note ?? null,
    idempotency: c.idempotency,
  });
}

/** Last in a command: both sides' order lists change version (their rows stay locked only until the commit). */
export async function touchBoth(c: CommandContext, slot?: number) {
  await touchOrderLists(c.tx, [c.order.selling_organization_id, c.order.purchasing_organization_id], slot);
}

/** Writes the state the lines now say, with what the command adds (orders/changes.ts setOrderState). */
export async function setState(
  c: CommandContext,
  change: Parameters<typeof setOrderState>[3] = {},
): Promise<OrderState> {
  const state = stateOf(c.lines, c.order);
  await setOrderState(c.tx, c.order.id, state, change);
  c.order.state = state;
  return state;
}

export function closedRefusal(order: LockedOrder, doing: string) {
  if (order.state === 'cancelled') {
    return refusal('conflict', 'order_cancelled', 'order_id', `This order was cancelled, so it cannot be ${doing}.`);
  }
  return refusal(
    'conflict',
    'order_shipped',
    'order_id',
    `Everything in this order has shipped (it is ${ORDER_STATE_LABELS[order.state]}), so it cannot be ${doing}. Refund it instead.`,
  );
}

// ─── E-mail ──────────────────────────────────────────────────────────────────────────
export interface ChangeMail {
  subject: (reference: string, seller: string, buyer: string) => string;
  heading: string;
  paragraphs: (seller: string, buyer: string) => string[];
  items?: string[];
  note?: string | null;
}

/** Queues the change's e-mail to the members of the buyer, the seller, or both. */
export async function mailSides(
  ctx: AppContext,
  c: CommandContext,
  to: { buyer?: ChangeMail; seller?: ChangeMail },
): Promise<void> {
  const o = c.order;
  const [sellerName, buyerName, invoice] = [
    (await organizationName(c.tx, o.selling_organization_id)) ?? 'Your seller',
    (await organizationName(c.tx, o.purchasing_organization_id)) ?? 'The retailer',
    await orderInvoice(c.tx, o.id),
  ];
  const reference = orderLabel({ id: o.id, order_number: invoice?.number });
  const sides = [
    {
      mail: to.buyer,
      org: o.purchasing_organization_id,
      name: buyerName,
      audience: 'buyer' as const,
      url: `${ctx.config.publicUrl}/storefront/${o.selling_organization_id}/orders`,
    },
    {
      mail: to.seller,
      org: o.selling_organization_id,
      name: sellerName,
      audience: 'seller' as const,
      url: `${ctx.config.publicUrl}/orders`,
    },
  ];
  for (const side of sides) {
    if (!side.mail) continue;
    for (const r of await memberContacts(c.tx, side.org)) {
      const message = renderOrderChangeEmail({
        sellerName,
        audience: side.audience,
        recipientOrganization: side.name,
        orderReference: reference,
        subject: side.mail.subject(reference, sellerName, buyerName),
        heading: side.mail.heading,
        paragraphs: side.mail.paragraphs(sellerName, buyerName),
        items: side.mail.items,
        note: side.mail.note,
        url: side.url,
        to: r.email,
      });
      await enqueueMail(c.tx, {
        kind: 'order_change',
        organizationId: side.org,
        from: ctx.config.mail.from,
        to: r.email,
        ...message,
      });
      c.after.mail = true;
    }
  }
}

// ─── Cancel ──────────────────────────────────────────────────────────────────────────
interface CancelRequest {
  /** Units per line to cancel; 'all' every unit not shipped. */
  units: { line_item_id: string; quantity: number }[] | 'all';
  reason: CancelReason;
  note: string | null;
  /** settle: refund what was paid or reduce the open invoice; void: the invoice was voided (no money moves). */
  money: 'settle' | 'void';
  /** The buyer's change must keep the seller's minimum (the seller may waive it). */
  keepMinimum: boolean;
}

/**
 * Cancels units not shipped yet: the lines' cancelled units, tracked stock back (with inventory
 * history), the money (refund, open invoice reduced, or nothing for a voided invoice), the
 * dashboard, the state, the timeline and both sides' e-mails.
 */
export async function cancelUnits(ctx: AppContext, c: CommandContext, req: CancelRequest): Promise<void> {
  const { tx, order, lines } = c;
  if (!isOpenOrderState(order.state)) throw closedRefusal(order, 'cancelled');
  const picks: { line: LockedLine; quantity: number }[] = [];
  if (req.units === 'all') {
    for (const line of lines) if (unitsLeft(line) > 0) picks.push({ line, quantity: unitsLeft(line) });
  } else {
    req.units.forEach((want, i) => {
      const line = lineNamed(lines, want.line_item_id, i);
      const left = unitsLeft(line);
      if (want.quantity > left) {
        const why = [
          line.shipped_quantity ? `${line.shipped_quantity} shipped` : '',
          line.cancelled_quantity ? `${line.cancelled_quantity} cancelled` : '',
        ].filter(Boolean);
        throw refusal(
          'conflict',
          'units_not_cancellable',
          `lines.${i}.quantity`,
          left === 0
            ? `Nothing is left to cancel of “${line.name}”${why.length ? ` (${why.join(', ')})` : ''}.`
            : `Only ${left} ${plural(left, 'unit', 'units')} of “${line.name}” can still be cancelled (${why.join(', ')}).`,
        );
      }
      picks.push({ line, quantity: want.quantity });
    });
  }
  if (picks.length === 0) throw closedRefusal(order, 'cancelled');
  for (const p of picks) p.line.cancelled_quantity += p.quantity;
  const goodsCents = picks.reduce((n, p) => n + p.quantity * p.line.unit_price_in_cents, 0);
  const nowState = stateOf(lines, order);
  const whole = nowState === 'cancelled';
  const shippingCents = whole ? order.shipping_cost_in_cents : 0;

  if (req.keepMinimum && !whole) await refuseBelowMinimum(tx, order, lines);

  await addLineUnits(
    tx,
    'cancelled',
    picks.map((p) => ({ lineId: p.line.id, quantity: p.quantity })),
  );

  // The seller's slot, then the catalogue (the order checkout's completion takes them in).
  const sellerId = order.selling_organization_id;
  const slot = await claimSellerSlot(tx, sellerId);
  await lockCatalogVersion(tx, sellerId);
  // A pre-order line took no stock when it was sold (issue 25): none goes back for it.
  const returned = await returnStock(
    tx,
    picks.filter((p) => p.line.ships_from === null).map((p) => ({ productId: p.line.product_id, quantity: p.quantity })),
  );
  await recordOrderReturns(tx, sellerId, order.id, c.actor.userId, returned);

  const items = unitsText(picks.map((p) => ({ name: p.line.name, quantity: p.quantity })));
  const byBuyer = c.actor.side === 'buyer';
  const reasonLabel = byBuyer ? 'Cancelled by the retailer' : CANCEL_REASON_LABELS[req.reason];
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: whole ? 'cancelled' : 'lines_cancelled',
    side: c.actor.side,
    userId: c.actor.userId,
    summary: whole ? `Order cancelled (${reasonLabel})` : `Cancelled ${items.join(', ')} (${reasonLabel})`,
    note: req.note,
    details: {
      lines: picks.map((p) => ({ line_item_id: p.line.id, quantity: p.quantity })),
      reason: req.reason,
      shipping_cents: shippingCents,
    },
    idempotency: c.idempotency,
  });
  // The money.
  let moneyLine = '';
  if (req.money === 'void') {
    await recordRefundForDashboard(tx, { sellerId, at: new Date(), goodsCents }, slot);
  } else {
    ({ line: moneyLine } = await giveBack(ctx, c, {
      units: picks.map((p) => ({ line_item_id: p.line.id, quantity: p.quantity })),
      goodsCents,
      shippingCents,
      reason: req.reason,
      note: req.note,
      slot,
      purpose: 'cancel',
    }));
  }

  // A whole cancellation, or one for the retailer's reasons, answers its request.
  const after = await setState(c, {
    cancelledCents: goodsCents + shippingCents,
    clearRequest: whole || req.reason === 'retailer_request',
  });
  if (after === 'cancelled') await recordOrderWebhook(tx, 'order.cancelled', order.selling_organization_id, order.id);

  const what = whole ? 'cancelled' : 'changed';
  const paragraphs = (who: string) => (seller: string, buyer: string) => [
    whole
      ? `${who === 'seller' ? seller : buyer} cancelled this order${byBuyer ? '' : ` (${reasonLabel})`}.`
      : `${who === 'seller' ? seller : buyer} removed items from this order${byBuyer ? '' : ` (${reasonLabel})`}; the rest ${order.state === 'partially_shipped' ? 'stays as it was' : 'still ships'}.`,
    ...(moneyLine ? [moneyLine] : []),
  ];
  const actorSide = byBuyer ? 'buyer' : 'seller';
  await mailSides(ctx, c, {
    buyer: {
      subject: (ref, seller) => `Your order ${ref} from ${seller} was ${what}`,
      heading: whole ? 'Your order was cancelled' : 'Your order was changed',
      paragraphs: paragraphs(actorSide),
      items,
      note: req.note,
    },
    seller: {
      subject: (ref, _seller, buyer) => `Order ${ref} from ${buyer} was ${what}`,
      heading: whole ? 'An order was cancelled' : 'An order was changed',
      paragraphs: paragraphs(actorSide),
      items,
      note: req.note,
    },
  });
  await touchOrderLists(tx, [order.selling_organization_id, order.purchasing_organization_id], slot);
}

/**
 * Gives back what the units were paid (and `shippingCents`): a card refund (settled after the
 * commit) or a credit note through the refunds module, or — on an open invoice — the invoice
 * reduced and the dashboard's net sales with it. Answers the sentence the e-mails say about the
 * money ('' when nothing was paid or everything was refunded already). Under the order's lock.
 */
export async function giveBack(
  ctx: AppContext,
  c: CommandContext,
  m: {
    units: { line_item_id: string; quantity: number }[];
    goodsCents: number;
    shippingCents: number;
    reason: RefundReason;
    note: string | null;
    slot: number;
    purpose: 'cancel' | 'claim';
  },
): Promise<{ line: string; refundId: string | null }> {
  const money = await refundForCancellation(ctx, c.tx, c.order, {
    lines: m.units,
    shippingCents: m.shippingCents,
    reason: m.reason,
    note: m.note,
    userId: c.actor.userId,
    key: c.idempotency?.key ?? randomUUID(),
    slot: m.slot,
    purpose: m.purpose,
  });
  if (money.kind === 'refund') {
    const r = money.refund;
    if (r.method === 'card') {
      c.after.cardRefunds.push(r.id);
      const card = r.cardBrand && r.cardLast4 ? ` (${r.cardBrand} ending ${r.cardLast4})` : '';
      return { line: `${formatUsd(r.amountCents)} is being refunded to the card that paid${card}.`, refundId: r.id };
    }
    return {
      line: `Credit note ${r.creditNoteNumber} records the ${formatUsd(r.amountCents)} the seller owes back.`,
      refundId: r.id,
    };
  }
  if (money.kind === 'open_invoice') {
    const line = await takeOffOpenInvoice(c, m.goodsCents + m.shippingCents);
    await recordRefundForDashboard(
      c.tx,
      { sellerId: c.order.selling_organization_id, at: new Date(), goodsCents: m.goodsCents },
      m.slot,
    );
    return { line, refundId: null };
  }
  return { line: '', refundId: null };
}

/** The open invoice comes down by `cents` (voided at 0); its live Pay now sessions stop being payable. */
export async function takeOffOpenInvoice(c: CommandContext, cents: number): Promise<string> {
  const invoice = await reduceOpenInvoice(c.tx, c.order.id, cents);
  if (!invoice) return '';
  // A Pay now dialog opened for the old amount must not take it (ended after the commit).
  c.after.superseded.push(...(await supersedeLiveSessions(c.tx, c.order.id, 'invoice')));
  const line =
    invoice.status === 'VOID'
      ? `Invoice ${invoice.number} was voided: nothing is due.`
      : `Invoice ${invoice.number} now comes to ${formatUsd(invoice.amount_cents)}.`;
  await recordOrderEvent(c.tx, {
    orderId: c.order.id,
    kind: invoice.status === 'VOID' ? 'invoice_voided' : 'invoice_reduced',
    side: 'system',
    userId: null,
    summary: line,
  });
  return line;
}

/** 409 below_minimum when the order's rest no longer meets the minimum that applied when it was placed. */
async function refuseBelowMinimum(tx: Tx, order: LockedOrder, lines: LockedLine[]): Promise<void> {
  const terms = orderTermsSql().alias('t');
  const found = await tx.execute<NonNullable<ReturnType<typeof orderTermsSql>['row']>>(sql`
    select * from ${terms.from} where ${terms.col('id')} = ${order.selling_organization_id}`);
  const row = found.rows[0];
  if (!row) return;
  const min = applicableMinimum(row, await placedBefore(tx, order));
  const kept = lines.map((l) => l.quantity - l.cancelled_quantity);
  const items = kept.reduce((n, q) => n + q, 0);
  const cents = lines.reduce((n, l, i) => n + kept[i]! * l.unit_price_in_cents, 0);
  if (items < min.items || cents < min.cents) {
    const need = items < min.items ? `${min.items} ${plural(min.items, 'item', 'items')}` : formatUsd(min.cents);
    throw refusal(
      'conflict',
      'below_minimum',
      'lines',
      `This change would take the order below the seller’s minimum of ${need}. Cancel the whole order instead, or keep more items.`,
    );
  }
}

/** POST /api/organization/{org_id}/orders/{order_id}/cancel. */
export function sellerCancel(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
  body: { reason: CancelReason; note?: string | null; lines?: { line_item_id: string; quantity: number }[] },
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'seller-cancel', body, key, (c) =>
    cancelUnits(ctx, c, {
      units: body.lines ?? 'all',
      reason: body.reason,
      note: body.note ?? null,
      money: 'settle',
      keepMinimum: false,
    }),
  );
}

/** POST /api/order/{order_id}/cancel: the buyer, while its seller's window is open. */
export function buyerCancel(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
  body: { note?: string | null; lines?: BuyerCancelBody['lines'] },
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'buyer-cancel', body, key, async (c) => {
    if (!c.order.buyer_may_cancel) {
      if (!isOpenOrderState(c.order.state)) throw closedRefusal(c.order, 'cancelled');
      const why =
        c.order.state !== 'placed'
          ? `The seller already ${c.order.state === 'accepted' ? 'accepted' : 'shipped part of'} this order`
          : c.order.buyer_cancel_hours > 0
            ? `The ${c.order.buyer_cancel_hours} hours in which you could cancel this order yourself are over`
            : 'This seller does not let orders be cancelled without its agreement';
      throw refusal('conflict', 'cancel_window_closed', 'order_id', `${why}. Request a cancellation instead.`);
    }
    await cancelUnits(ctx, c, {
      units: body.lines ?? 'all',
      reason: 'retailer_request',
      note: body.note ?? null,
      money: 'settle',
      keepMinimum: true,
    });
  });
}

// ─── Accept, delivered ───────────────────────────────────────────────────────────────
/** POST …/orders/{order_id}/accept: the seller takes the order on (the buyer can no longer cancel it itself). */
export function acceptOrder(ctx: AppContext, orderId: string, actor: Actor, key?: string): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'accept', null, key, async (c) => {
    if (c.order.state !== 'placed') {
      if (!isOpenOrderState(c.order.state)) throw closedRefusal(c.order, 'accepted');
      throw refusal(
        'conflict',
        'order_accepted',
        'order_id',
        `This order is already ${ORDER_STATE_LABELS[c.order.state]}.`,
      );
    }
    c.order.accepted_at = new Date().toISOString();
    await setState(c, { accepted: true });
    await commandEvent(c, 'accepted', 'Order accepted');
    await mailSides(ctx, c, {
      buyer: {
        subject: (ref, seller) => `${seller} accepted your order ${ref}`,
        heading: 'Your order was accepted',
        paragraphs: (seller) => [
          `${seller} is preparing your order. You get an e-mail with the tracking link as soon as it ships.`,
          'To cancel it now, send the seller a cancellation request from the order.',
        ],
      },
    });
    await touchBoth(c);
  });
}

/** POST …/orders/{order_id}/delivered: a shipped order arrived. */
export function markDelivered(ctx: AppContext, orderId: string, actor: Actor, key?: string): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'delivered', null, key, async (c) => {
    if (c.order.state !== 'shipped') {
      throw refusal(
        'conflict',
        'order_not_shipped',
        'order_id',
        c.order.state === 'delivered'
          ? 'This order is already marked delivered.'
          : `Only a shipped order can be marked delivered; this one is ${ORDER_STATE_LABELS[c.order.state]}.`,
      );
    }
    c.order.delivered_at = new Date().toISOString();
    await setState(c, { delivered: true });
    await commandEvent(c, 'delivered', 'Marked delivered');
    await touchBoth(c);
  });
}

// ─── Cancellation requests ───────────────────────────────────────────────────────────
/** POST /api/order/{order_id}/cancellation-request: the buyer asks; the seller accepts (cancel) or declines. */
export function requestCancellation(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
  body: { note: string },
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'cancellation-request', body, key, async (c) => {
    if (!isOpenOrderState(c.order.state)) throw closedRefusal(c.order, 'cancelled');
    if (c.order.cancellation_requested_at) {
      throw refusal(
        'conflict',
        'cancellation_requested',
        'order_id',
        'A cancellation of this order was already requested; the seller has not answered yet.',
      );
    }
    await setCancellationRequest(c.tx, c.order.id, { note: body.note, userId: c.actor.userId });
    await commandEvent(c, 'cancellation_requested', 'Cancellation requested', body.note);
    await mailSides(ctx, c, {
      seller: {
        subject: (ref, _s, buyer) => `${buyer} asks to cancel order ${ref}`,
        heading: 'A retailer asks to cancel an order',
        paragraphs: (_s, buyer) => [
          `${buyer} asks you to cancel this order. Accept the cancellation (what was paid is refunded, or the invoice reduced) or decline it with a reason, from the order in Cratebase.`,
        ],
        note: body.note,
      },
    });
    await touchBoth(c);
  });
}

/** POST …/orders/{order_id}/cancellation-request/decline: the seller keeps the order, saying why. */
export function declineCancellation(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
  body: { reason: string },
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'cancellation-decline', body, key, async (c) => {
    if (!c.order.cancellation_requested_at) {
      throw refusal(
        'conflict',
        'no_cancellation_request',
        'order_id',
        'The retailer has no open request to cancel this order (it was answered, or the order changed meanwhile).',
      );
    }
    await setCancellationRequest(c.tx, c.order.id, null);
    await commandEvent(c, 'cancellation_declined', 'Cancellation declined', body.reason);
    await mailSides(ctx, c, {
      buyer: {
        subject: (ref, seller) => `${seller} declined to cancel order ${ref}`,
        heading: 'Your cancellation request was declined',
        paragraphs: (seller) => [`${seller} keeps this order and gave this reason:`],
        note: body.reason,
      },
    });
    await touchBoth(c);
  });
}

// ─── Shipments ───────────────────────────────────────────────────────────────────────
/** Sends the buyer's members the tracking e-mail of a shipment (new, or its number corrected). */
export async function mailTracking(
  ctx: AppContext,
  c: CommandContext,
  shipment: { carrier: Carrier; tracking_number: string },
  updated: boolean,
): Promise<void> {
  const o = c.order;
  const [sellerName, buyerName, invoice, recipients] = [
    (await organizationName(c.tx, o.selling_organization_id)) ?? 'Your seller',
    (await organizationName(c.tx, o.purchasing_organization_id)) ?? 'your organization',
    await orderInvoice(c.tx, o.id),
    await memberContacts(c.tx, o.purchasing_organization_id),
  ];
  for (const r of recipients) {
    const message = renderTrackingEmail({
      sellerName,
      buyerName,
      orderReference: orderLabel({ id: o.id, order_number: invoice?.number }),
      carrier: shipment.carrier,
      trackingNumber: shipment.tracking_number,
      trackingUrl: trackingUrl(shipment.carrier, shipment.tracking_number),
      ordersUrl: `${ctx.config.publicUrl}/storefront/${o.selling_organization_id}/orders`,
      updated,
      partial: !updated && o.state === 'partially_shipped',
      to: r.email,
    });
    await enqueueMail(c.tx, {
      kind: 'tracking',
      organizationId: o.purchasing_organization_id,
      from: ctx.config.mail.from,
      to: r.email,
      ...message,
    });
    c.after.mail = true;
  }
}

/** Writes a shipment of `units` (checked against what is left), the state, the event and the buyer's e-mail. */
async function ship(
  ctx: AppContext,
  c: CommandContext,
  body: { carrier: Carrier; tracking_number: string },
  units: { line_item_id: string; quantity: number }[] | 'all',
): Promise<void> {
  const { tx, order, lines } = c;
  if (!isOpenOrderState(order.state)) {
    throw order.state === 'cancelled'
      ? refusal('conflict', 'order_cancelled', 'order_id', 'This order was cancelled, so it cannot be shipped.')
      : refusal('conflict', 'nothing_to_ship', 'lines', 'Everything in this order has shipped already.');
  }
  const picks: { line: LockedLine; quantity: number }[] = [];
  if (units === 'all') {
    for (const line of lines) if (unitsShippableNow(line) > 0) picks.push({ line, quantity: unitsShippableNow(line) });
    if (picks.length === 0) {
      throw refusal(
        'conflict',
        'nothing_to_ship',
        'lines',
        'Every unit left waits for the retailer’s choice on its backorder.',
      );
    }
  } else {
    units.forEach((want, i) => {
      const line = lineNamed(lines, want.line_item_id, i);
      const left = unitsShippableNow(line);
      if (want.quantity > left) {
        const asked = line.backorder === 'asked' ? line.unavailable_quantity : 0;
        throw refusal(
          'conflict',
          'units_not_shippable',
          `lines.${i}.quantity`,
          left === 0 && asked === 0
            ? `Nothing is left to ship of “${line.name}” (${line.shipped_quantity} shipped, ${line.cancelled_quantity} cancelled).`
            : `Only ${left} ${plural(left, 'unit', 'units')} of “${line.name}” ${plural(left, 'is', 'are')} left to ship${
                asked ? ` (${asked} wait for the retailer’s choice on the backorder)` : ''
              }.`,
        );
      }
      picks.push({ line, quantity: want.quantity });
    });
  }
  for (const p of picks) p.line.shipped_quantity += p.quantity;
  await addLineUnits(
    tx,
    'shipped',
    picks.map((p) => ({ lineId: p.line.id, quantity: p.quantity })),
  );
  const shipmentLines = picks.map((p) => ({ line_item_id: p.line.id, quantity: p.quantity }));
  const n = await recordShipment(tx, {
    orderId: order.id,
    carrier: body.carrier,
    trackingNumber: body.tracking_number,
    lines: shipmentLines,
    userId: c.actor.userId,
  });
  const state = await setState(c);
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'shipped',
    side: 'seller',
    userId: c.actor.userId,
    summary: `Shipment ${n} sent with ${CARRIER_LABELS[body.carrier]} ${body.tracking_number}: ${unitsText(picks.map((p) => ({ name: p.line.name, quantity: p.quantity }))).join(', ')}${state === 'partially_shipped' ? ' (the rest follows)' : ''}`,
    details: { carrier: body.carrier, tracking_number: body.tracking_number, lines: shipmentLines },
    idempotency: c.idempotency,
  });
  await recordOrderWebhook(tx, 'order.shipped', order.selling_organization_id, order.id);
  await mailTracking(ctx, c, body, false);
  await touchOrderLists(tx, [order.selling_organization_id, order.purchasing_organization_id]);
}

/** POST …/orders/{order_id}/shipments: a box that left, with its lines (all units left when none are named). */
export function createShipment(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
  body: CreateShipmentBody,
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'shipment', body, key, (c) => ship(ctx, c, body, body.lines ?? 'all'));
}

/**
 * POST|PUT /api/order/{order_id}/shipping (the spec's tracking dialog): ships every unit left in
 * one shipment; once nothing is left, corrects the latest shipment's tracking (an "updated"
 * e-mail). The same values again change nothing and send nothing.
 */
export function setOrderTracking(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
  body: SetShippingBody,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'tracking', body, undefined, async (c) => {
    if (c.order.state === 'cancelled') {
      throw refusal('conflict', 'order_cancelled', 'order_id', 'This order was cancelled, so it cannot be shipped.');
    }
    if (isOpenOrderState(c.order.state)) return ship(ctx, c, body, 'all');
    if (!(await correctLatestShipment(c.tx, c.order.id, body.carrier, body.tracking_number))) return;
    await recordOrderWebhook(c.tx, 'order.shipped', c.order.selling_organization_id, c.order.id);
    await recordOrderEvent(c.tx, {
      orderId: c.order.id,
      kind: 'shipped',
      side: 'seller',
      userId: c.actor.userId,
      summary: `Tracking corrected: ${CARRIER_LABELS[body.carrier]} ${body.tracking_number}`,
    });
    await mailTracking(ctx, c, body, true);
    await touchBoth(c);
  });
}

// ─── A voided invoice ────────────────────────────────────────────────────────────────
/**
 * The seller voided the order's open invoice (checkout/invoice-sessions.ts closeInvoice, in its
 * transaction, after the invoice changed): nothing will be paid, so every unit not shipped is
 * cancelled — stock back, the dashboard's sales down — and an order with nothing shipped is
 * Cancelled. Units already shipped stay shipped (written off).
 */
export async function cancelForVoidedInvoice(
  ctx: AppContext,
  tx: Tx,
  orderId: string,
  userId: string | null,
): Promise<void> {
  const order = await lockPlacedOrder(tx, orderId);
  if (!order) return;
  const c: CommandContext = {
    tx,
    order,
    lines: await orderLineUnits(tx, order.cart_id),
    actor: { side: 'seller', organizationId: order.selling_organization_id, userId },
    idempotency: undefined,
    after: nothingAfter(),
  };
  await recordOrderEvent(tx, {
    orderId,
    kind: 'invoice_voided',
    side: 'seller',
    userId,
    summary: 'Invoice voided: nothing is due',
  });
  if (isOpenOrderState(order.state)) {
    await cancelUnits(ctx, c, {
      units: 'all',
      reason: 'other',
      note: 'The invoice was voided.',
      money: 'void',
      keepMinimum: false,
    });
  }
}
