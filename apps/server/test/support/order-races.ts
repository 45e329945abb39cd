/**
 * The order-lifecycle races of issue 23 ("a cancel racing a shipment, two refunds racing…: each
 * refused with 409 and a sentence naming what changed; nothing half-written"), as scenarios run
 * over HTTP against two production server processes on one PostgreSQL database
 * (apps/server/src/modules/order-lifecycle/order-races.cluster.test.ts). The competing requests
 * of a round go to different processes (which one takes which side alternates by round). Each
 * round checks what the API answered against what the database and the payments provider hold
 * afterwards: the lines' units, refunds at the built-in provider (never only our records), stock,
 * shipments, timeline events and e-mails — the winner's effects written once, the loser's none.
 */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutSession, TEST_CARDS, orderLabel, type Order } from '@cratebase/contract';
import type { HttpHarness } from './http-harness.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readySeller,
  setStock,
  type Org,
} from './checkout.js';
import { builtinPaymentsOfOrder } from '../../src/providers/payments/builtin-checkout.js';

type Answer = { status: number; body: any };

export interface RaceWorld {
  seller: Org;
  buyer: Org;
  /** Fig Jam, $12.50, stock tracked. */
  jam: string;
  /** Wild Honey, $20.00, stock tracked. */
  honey: string;
}

export interface PlacedOrder {
  orderId: string;
  jamLine: string;
  honeyLine: string;
  /** What the card paid: goods and shipping. */
  paid: number;
  shipping: number;
}

const JAM_CENTS = 1_250;
const HONEY_CENTS = 2_000;
const STOCK = 100_000;
/** Units of each line in every order placed here. */
export const JAM_UNITS = 4;
export const HONEY_UNITS = 2;

const UPS = (n: number) => `1Z999AA1${String(n).padStart(10, '0')}`;

/** A refusal that lost a race: 409, the expected code, and a sentence. */
function expectRefused(answer: Answer, codes: string[], sentence: RegExp | string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  expect(codes, JSON.stringify(answer.body)).toContain(answer.body?.error);
  if (typeof sentence === 'string') expect(answer.body.message).toBe(sentence);
  else expect(answer.body.message).toMatch(sentence);
}

export class OrderRaces {
  private tracking = 0;
  constructor(private readonly h: HttpHarness) {}

  /** Process A (0) or B (1). */
  private at(i: number): HttpHarness {
    return this.h.at(i % 2);
  }

  private async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await this.h.testDb.database.db.execute(query)).rows as T[];
  }

  private sellerPath(w: RaceWorld, o: PlacedOrder, what: string) {
    return `/api/organization/${w.seller.orgId}/orders/${o.orderId}/${what}`;
  }

  /** A seller with payments, Fig Jam and Wild Honey in (tracked) stock, and one customer. */
  async world(): Promise<RaceWorld> {
    const seller = await readySeller(this.h);
    const buyer = await customerOf(this.h, seller);
    const jam = await liveProduct(this.h, seller, { name: 'Fig Jam', unit_price_in_cents: JAM_CENTS });
    const honey = await liveProduct(this.h, seller, { name: 'Wild Honey', unit_price_in_cents: HONEY_CENTS });
    await setStock(this.h, seller, jam, STOCK);
    await setStock(this.h, seller, honey, STOCK);
    return { seller, buyer, jam, honey };
  }

  /** The customer buys 4 jam + 2 honey and pays by card (requests spread over both processes). */
  async place(w: RaceWorld): Promise<PlacedOrder> {
    const { cart, rate } = await atPayment(this.h, w.seller, w.buyer, { [w.jam]: JAM_UNITS, [w.honey]: HONEY_UNITS });
    const session = CheckoutSession.parse(await ok(createSession(this.h, w.seller, w.buyer, cart)));
    await ok(payWith(this.h, w.buyer, session, TEST_CARDS.succeeds));
    const lines = cart.line_items;
    const paid = JAM_UNITS * JAM_CENTS + HONEY_UNITS * HONEY_CENTS + rate.amount_cents;
    expect(await builtinPaymentsOfOrder(this.h.testDb.database.db, cart.order.id)).toMatchObject({
      charges: 1,
      chargedCents: paid,
      refunds: 0,
    });
    return {
      orderId: cart.order.id,
      jamLine: lines.find((l) => l.product.id === w.jam)!.id,
      honeyLine: lines.find((l) => l.product.id === w.honey)!.id,
      paid,
      shipping: rate.amount_cents,
    };
  }

  // ─── Requests, each to one process ─────────────────────────────────────────────────
  ship(p: number, w: RaceWorld, o: PlacedOrder, body: Record<string, unknown> = {}, key = crypto.randomUUID()) {
    this.tracking += 1;
    return this.at(p).call('POST', this.sellerPath(w, o, 'shipments'), {
      token: w.seller.token,
      body: { carrier: 'UPS', tracking_number: UPS(this.tracking), ...body },
      headers: { 'idempotency-key': key },
    });
  }

  sellerCancel(p: number, w: RaceWorld, o: PlacedOrder, body: Record<string, unknown>, key = crypto.randomUUID()) {
    return this.at(p).call('POST', this.sellerPath(w, o, 'cancel'), {
      token: w.seller.token,
      body,
      headers: { 'idempotency-key': key },
    });
  }

  buyerCancel(p: number, w: RaceWorld, o: PlacedOrder, body: Record<string, unknown> = {}, key = crypto.randomUUID()) {
    return this.at(p).call('POST', `/api/order/${o.orderId}/cancel`, {
      token: w.buyer.token,
      body,
      headers: { 'idempotency-key': key },
    });
  }

  accept(p: number, w: RaceWorld, o: PlacedOrder, key = crypto.randomUUID()) {
    return this.at(p).call('POST', this.sellerPath(w, o, 'accept'), {
      token: w.seller.token,
      headers: { 'idempotency-key': key },
    });
  }

  /** The seller's refund (issue 21's refunds API) of the whole order. */
  refundInFull(p: number, w: RaceWorld, o: PlacedOrder) {
    return this.at(p).call('POST', this.sellerPath(w, o, 'refunds'), {
      token: w.seller.token,
      body: { full: true, reason: 'other' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
  }

  readOrder(p: number, w: RaceWorld, o: PlacedOrder): Promise<Order> {
    return ok<Order>(this.at(p).call('GET', `/api/order/${o.orderId}`, { token: w.seller.token }));
  }

  // ─── What the database and the provider hold ───────────────────────────────────────
  private async stock(w: RaceWorld): Promise<{ jam: number; honey: number }> {
    const found = await this.rows<{ id: string; n: number }>(
      sql`select id, inventory_count as n from products where id in (${w.jam}, ${w.honey})`,
    );
    return { jam: found.find((r) => r.id === w.jam)!.n, honey: found.find((r) => r.id === w.honey)!.n };
  }

  private async effects(w: RaceWorld, o: PlacedOrder) {
    // The order's e-mails name it (CB-000123) in their subject.
    const reference = orderLabel(await this.readOrder(0, w, o));
    const [refunds, shipments, events, mail, order] = await Promise.all([
      this.rows<{ amount_cents: number; status: string; shipping_cents: number }>(
        sql`select amount_cents, status, shipping_cents from refunds where order_id = ${o.orderId} order by created_at, id`,
      ),
      this.rows<{ n: number }>(sql`select count(*)::int as n from shipments where order_id = ${o.orderId}`),
      this.rows<{ kind: string }>(
        sql`select kind from order_events where order_id = ${o.orderId} order by created_at, id`,
      ),
      this.rows<{ kind: string; to_email: string }>(sql`
        select kind, to_email from mail_outbox
         where kind in ('tracking', 'order_change') and to_email in (${w.buyer.email}, ${w.seller.email})
           and position(${reference} in subject) > 0`),
      this.rows<{ fulfillment_status: string; cancelled_cents: number; refunded_cents: number }>(
        sql`select fulfillment_status, cancelled_cents, refunded_cents from orders where id = ${o.orderId}`,
      ),
    ]);
    const provider = await builtinPaymentsOfOrder(this.h.testDb.database.db, o.orderId);
    return {
      refunds,
      shipments: shipments[0]!.n,
      kinds: events.map((e) => e.kind),
      mail: (kind: string, to: string) => mail.filter((m) => m.kind === kind && m.to_email === to).length,
      order: order[0]!,
      provider,
    };
  }

  /** Every line's shipped + cancelled units add up to what was ordered, read through process `p`. */
  private async expectLinesSettled(p: number, w: RaceWorld, o: PlacedOrder): Promise<Order> {
    const order = await this.readOrder(p, w, o);
    for (const l of order.cart.line_items) {
      expect((l.shipped_quantity ?? 0) + (l.cancelled_quantity ?? 0), l.id).toBe(l.quantity);
    }
    return order;
  }

  // ─── The scenarios ─────────────────────────────────────────────────────────────────
  /**
   * The seller cancels the whole order on one process while shipping everything on the other:
   * one 200, one 409 naming what changed. Cancel won: everything cancelled, the paid amount
   * refunded once at the provider, stock back, no shipment, no tracking e-mail. Shipment won:
   * everything shipped, nothing refunded, stock untouched, no cancellation e-mail.
   */
  async cancelRacingShipment(w: RaceWorld, round: number): Promise<'cancel' | 'ship'> {
    const o = await this.place(w);
    const before = await this.stock(w);
    const race = await this.shipAndCancel(w, o, round);
    const won = await this.expectOneWon(w, o, round, race);
    const after = await this.stock(w);
    expect(after).toEqual(
      won === 'cancel' ? { jam: before.jam + JAM_UNITS, honey: before.honey + HONEY_UNITS } : before,
    );
    return won;
  }

  /**
   * A busy seller: `count` orders of one seller, each with its shipment and its cancel racing
   * on the two processes, all at once (they share the seller's slot, catalogue, stock, dashboard
   * and list-version rows). Each order is decided once, as above; stock comes back for the
   * orders whose cancel won, and only for those.
   */
  async busySeller(w: RaceWorld, round: number, count: number): Promise<('cancel' | 'ship')[]> {
    const orders: PlacedOrder[] = [];
    for (let i = 0; i < count; i++) orders.push(await this.place(w));
    const before = await this.stock(w);
    const races = await Promise.all(orders.map((o, i) => this.shipAndCancel(w, o, round + i)));
    const won: ('cancel' | 'ship')[] = [];
    for (const [i, o] of orders.entries()) won.push(await this.expectOneWon(w, o, round + i, races[i]!));
    const cancels = won.filter((x) => x === 'cancel').length;
    expect(await this.stock(w)).toEqual({
      jam: before.jam + cancels * JAM_UNITS,
      honey: before.honey + cancels * HONEY_UNITS,
    });
    return won;
  }

  private async shipAndCancel(
    w: RaceWorld,
    o: PlacedOrder,
    round: number,
  ): Promise<{ shipped: Answer; cancelled: Answer }> {
    const [shipAt, cancelAt] = round % 2 === 0 ? [0, 1] : [1, 0];
    const [shipped, cancelled] = await Promise.all([
      this.ship(shipAt, w, o),
      this.sellerCancel(cancelAt, w, o, { reason: 'out_of_stock' }),
    ]);
    return { shipped, cancelled };
  }

  /** One of the shipment and the cancel won, the other was refused naming what changed; nothing of it half-written. */
  private async expectOneWon(
    w: RaceWorld,
    o: PlacedOrder,
    round: number,
    { shipped, cancelled }: { shipped: Answer; cancelled: Answer },
  ): Promise<'cancel' | 'ship'> {
    expect([shipped.status, cancelled.status].sort(), JSON.stringify([shipped.body, cancelled.body])).toEqual([
      200, 409,
    ]);
    const order = await this.expectLinesSettled(round, w, o);
    const e = await this.effects(w, o);
    if (cancelled.status === 200) {
      expectRefused(shipped, ['order_cancelled'], 'This order was cancelled, so it cannot be shipped.');
      expect(order.state).toBe('cancelled');
      expect(cancelled.body.state).toBe('cancelled');
      expect(order.cart.line_items.every((l) => l.shipped_quantity === 0)).toBe(true);
      expect(e.refunds).toEqual([{ amount_cents: o.paid, status: 'succeeded', shipping_cents: o.shipping }]);
      expect(e.provider).toEqual({ charges: 1, chargedCents: o.paid, refunds: 1, refundedCents: o.paid });
      expect(e.order).toEqual({ fulfillment_status: 'cancelled', cancelled_cents: o.paid, refunded_cents: o.paid });
      expect(e.shipments).toBe(0);
      expect(e.kinds).toEqual(['cancelled', 'refunded']);
      expect(e.mail('tracking', w.buyer.email)).toBe(0);
      expect(e.mail('order_change', w.buyer.email)).toBe(1);
      expect(e.mail('order_change', w.seller.email)).toBe(1);
      return 'cancel';
    }
    expectRefused(
      cancelled,
      ['order_shipped'],
      'Everything in this order has shipped (it is Shipped), so it cannot be cancelled. Refund it instead.',
    );
    expect(order.state).toBe('shipped');
    expect(shipped.body.state).toBe('shipped');
    expect(order.cart.line_items.every((l) => l.cancelled_quantity === 0)).toBe(true);
    expect(e.refunds).toEqual([]);
    expect(e.provider).toEqual({ charges: 1, chargedCents: o.paid, refunds: 0, refundedCents: 0 });
    expect(e.order).toEqual({ fulfillment_status: 'shipped', cancelled_cents: 0, refunded_cents: 0 });
    expect(e.shipments).toBe(1);
    expect(e.kinds).toEqual(['shipped']);
    expect(e.mail('tracking', w.buyer.email)).toBe(1);
    expect(e.mail('order_change', w.buyer.email)).toBe(0);
    return 'ship';
  }

  /**
   * Six cancels of `each` jar(s) of the 4-jar line at once, alternating between the processes
   * (the honey keeps the order open): exactly ⌊4 / each⌋ win, the rest are refused
   * units_not_cancellable naming the line; one refund per winner at the provider, adding up to
   * exactly the units cancelled; stock back by as many.
   */
  async cancelsOfOneLine(w: RaceWorld, each: 1 | 2, parallel = 6): Promise<void> {
    const o = await this.place(w);
    const before = await this.stock(w);
    const answers = await Promise.all(
      Array.from({ length: parallel }, (_, i) =>
        this.sellerCancel(i, w, o, { reason: 'out_of_stock', lines: [{ line_item_id: o.jamLine, quantity: each }] }),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    const winners = JAM_UNITS / each;
    expect(won, JSON.stringify(answers.map((a) => a.body?.error ?? a.status))).toHaveLength(winners);
    for (const a of answers) {
      if (a.status === 200) continue;
      expectRefused(a, ['units_not_cancellable'], `Nothing is left to cancel of “Fig Jam” (${JAM_UNITS} cancelled).`);
      expect(a.body.issues?.[0]?.path).toBe('lines.0.quantity');
    }
    const order = await this.readOrder(parallel, w, o);
    expect(order.state).toBe('placed');
    const jamLine = order.cart.line_items.find((l) => l.id === o.jamLine)!;
    expect(jamLine).toMatchObject({ quantity: JAM_UNITS, cancelled_quantity: JAM_UNITS, shipped_quantity: 0 });
    const e = await this.effects(w, o);
    const unitCents = each * JAM_CENTS;
    expect(e.refunds).toEqual(
      Array.from({ length: winners }, () => ({ amount_cents: unitCents, status: 'succeeded', shipping_cents: 0 })),
    );
    expect(e.provider).toEqual({
      charges: 1,
      chargedCents: o.paid,
      refunds: winners,
      refundedCents: JAM_UNITS * JAM_CENTS,
    });
    expect(e.order).toEqual({
      fulfillment_status: 'placed',
      cancelled_cents: JAM_UNITS * JAM_CENTS,
      refunded_cents: JAM_UNITS * JAM_CENTS,
    });
    expect(await this.stock(w)).toEqual({ jam: before.jam + JAM_UNITS, honey: before.honey });
    expect(e.kinds.filter((k) => k === 'lines_cancelled')).toHaveLength(winners);
    expect(e.kinds.filter((k) => k === 'refunded')).toHaveLength(winners);
    expect(e.mail('order_change', w.buyer.email)).toBe(winners);
  }

  /**
   * The buyer cancels its order (within the seller's window) on one process while the seller
   * accepts it on the other: either cancelled and refunded in full with the accept refused
   * order_cancelled, or accepted with the buyer refused cancel_window_closed and nothing refunded.
   */
  async buyerCancelRacingAccept(w: RaceWorld, round: number): Promise<'cancel' | 'accept'> {
    const o = await this.place(w);
    const before = await this.stock(w);
    const [cancelAt, acceptAt] = round % 2 === 0 ? [0, 1] : [1, 0];
    const [cancelled, accepted] = await Promise.all([
      this.buyerCancel(cancelAt, w, o, { note: 'Ordered twice' }),
      this.accept(acceptAt, w, o),
    ]);
    expect([cancelled.status, accepted.status].sort(), JSON.stringify([cancelled.body, accepted.body])).toEqual([
      200, 409,
    ]);
    const order = await this.readOrder(round, w, o);
    const e = await this.effects(w, o);
    if (cancelled.status === 200) {
      expectRefused(accepted, ['order_cancelled'], 'This order was cancelled, so it cannot be accepted.');
      expect(order.state).toBe('cancelled');
      expect(e.refunds).toEqual([{ amount_cents: o.paid, status: 'succeeded', shipping_cents: o.shipping }]);
      expect(e.provider).toEqual({ charges: 1, chargedCents: o.paid, refunds: 1, refundedCents: o.paid });
      expect(await this.stock(w)).toEqual({ jam: before.jam + JAM_UNITS, honey: before.honey + HONEY_UNITS });
      expect(e.kinds).toEqual(['cancelled', 'refunded']);
      return 'cancel';
    }
    expectRefused(
      cancelled,
      ['cancel_window_closed'],
      'The seller already accepted this order. Request a cancellation instead.',
    );
    expect(order.state).toBe('accepted');
    expect(order.buyer_may_cancel_until ?? null).toBeNull();
    expect(e.refunds).toEqual([]);
    expect(e.provider).toEqual({ charges: 1, chargedCents: o.paid, refunds: 0, refundedCents: 0 });
    expect(e.order).toEqual({ fulfillment_status: 'accepted', cancelled_cents: 0, refunded_cents: 0 });
    expect(await this.stock(w)).toEqual(before);
    expect(e.kinds).toEqual(['accepted']);
    expect(e.mail('order_change', w.seller.email)).toBe(0);
    // The buyer is told once that the order was accepted.
    expect(e.mail('order_change', w.buyer.email)).toBe(1);
    return 'accept';
  }

  /**
   * The same request with the same Idempotency-Key sent to both processes at once (a retry
   * after a lost answer, through the load balancer): both 200 with the order as it is, the
   * change made once — one event, one refund row, one refund at the provider, stock back once.
   */
  async sameKeyOnBothProcesses(w: RaceWorld, round: number, command: 'seller-cancel' | 'buyer-cancel' | 'ship') {
    const o = await this.place(w);
    const before = await this.stock(w);
    const key = crypto.randomUUID();
    const send = (p: number) => {
      if (command === 'seller-cancel') {
        return this.sellerCancel(p, w, o, { reason: 'other', lines: [{ line_item_id: o.jamLine, quantity: 1 }] }, key);
      }
      if (command === 'buyer-cancel') return this.buyerCancel(p, w, o, { note: 'Wrong store' }, key);
      return this.at(p).call('POST', this.sellerPath(w, o, 'shipments'), {
        token: w.seller.token,
        body: {
          carrier: 'UPS',
          tracking_number: UPS(90_000 + round),
          lines: [{ line_item_id: o.honeyLine, quantity: 1 }],
        },
        headers: { 'idempotency-key': key },
      });
    };
    const [first, second] = await Promise.all([send(round), send(round + 1)]);
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200]);
    expect(second.body.state).toBe(first.body.state);
    const order = await this.readOrder(round, w, o);
    const e = await this.effects(w, o);
    if (command === 'seller-cancel') {
      expect(order.state).toBe('placed');
      expect(order.cart.line_items.find((l) => l.id === o.jamLine)!.cancelled_quantity).toBe(1);
      expect(e.refunds).toEqual([{ amount_cents: JAM_CENTS, status: 'succeeded', shipping_cents: 0 }]);
      expect(e.provider).toEqual({ charges: 1, chargedCents: o.paid, refunds: 1, refundedCents: JAM_CENTS });
      expect(await this.stock(w)).toEqual({ jam: before.jam + 1, honey: before.honey });
      expect(e.kinds).toEqual(['lines_cancelled', 'refunded']);
    } else if (command === 'buyer-cancel') {
      expect(order.state).toBe('cancelled');
      expect(e.refunds).toEqual([{ amount_cents: o.paid, status: 'succeeded', shipping_cents: o.shipping }]);
      expect(e.provider).toEqual({ charges: 1, chargedCents: o.paid, refunds: 1, refundedCents: o.paid });
      expect(await this.stock(w)).toEqual({ jam: before.jam + JAM_UNITS, honey: before.honey + HONEY_UNITS });
      expect(e.kinds).toEqual(['cancelled', 'refunded']);
    } else {
      expect(order.state).toBe('partially_shipped');
      expect(order.cart.line_items.find((l) => l.id === o.honeyLine)!.shipped_quantity).toBe(1);
      expect(e.shipments).toBe(1);
      expect(e.refunds).toEqual([]);
      expect(e.kinds).toEqual(['shipped']);
      expect(e.mail('tracking', w.buyer.email)).toBe(1);
    }
    // The key is the order's: another request with it is refused, and changes nothing.
    const reused = await this.sellerCancel(round, w, o, { reason: 'out_of_stock' }, key);
    expectRefused(reused, ['idempotency_key_reused'], /already used for another change of this order/);
    expect((await this.effects(w, o)).kinds).toEqual(e.kinds);
  }

  /**
   * Money moved by two routes at once: the seller refunds the whole order (refunds API) on one
   * process while cancelling it on the other — or refunds it in full twice. Whatever the order,
   * the provider gives back what was paid exactly once: the cancel after a full refund moves no
   * more money (200), a refund after the cancel's refund is refused already_refunded.
   */
  async refundsRacing(w: RaceWorld, round: number, other: 'cancel' | 'refund'): Promise<void> {
    const o = await this.place(w);
    const before = await this.stock(w);
    const [refundAt, otherAt] = round % 2 === 0 ? [0, 1] : [1, 0];
    const [refunded, second] = await Promise.all([
      this.refundInFull(refundAt, w, o),
      other === 'cancel' ? this.sellerCancel(otherAt, w, o, { reason: 'other' }) : this.refundInFull(otherAt, w, o),
    ]);
    const e = await this.effects(w, o);
    expect(e.provider).toEqual({ charges: 1, chargedCents: o.paid, refunds: 1, refundedCents: o.paid });
    expect(e.refunds).toEqual([{ amount_cents: o.paid, status: 'succeeded', shipping_cents: o.shipping }]);
    expect(e.order.refunded_cents).toBe(o.paid);
    const alreadyRefunded = 'This order was already refunded in full.';
    if (other === 'refund') {
      expect([refunded.status, second.status].sort(), JSON.stringify([refunded.body, second.body])).toEqual([200, 409]);
      expectRefused(refunded.status === 409 ? refunded : second, ['already_refunded'], alreadyRefunded);
      expect(e.order.fulfillment_status).toBe('placed');
      expect(await this.stock(w)).toEqual(before);
      return;
    }
    // The cancel always wins its part (the units); the refund only when it came first.
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.state).toBe('cancelled');
    if (refunded.status !== 200) expectRefused(refunded, ['already_refunded'], alreadyRefunded);
    await this.expectLinesSettled(round, w, o);
    expect(e.order).toEqual({ fulfillment_status: 'cancelled', cancelled_cents: o.paid, refunded_cents: o.paid });
    expect(await this.stock(w)).toEqual({ jam: before.jam + JAM_UNITS, honey: before.honey + HONEY_UNITS });
  }
}
