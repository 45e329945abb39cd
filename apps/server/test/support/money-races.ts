/**
 * The money races of issue 21, as scenarios any harness can run: in-process
 * (apps/server/src/modules/checkout/money-races.test.ts) and over HTTP against two server
 * processes on one PostgreSQL (…/money-races.cluster.test.ts). Each scenario counts what the
 * payments provider itself holds — charges taken and refunds given — never only our records:
 * one order or invoice is charged exactly once, whatever the timing.
 *
 * `callers` are the views requests go through, taken in turn (one harness; or the two processes
 * of the cluster, A, B, A, B…). The built-in provider is the default.
 */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_CARDS, isoDay, type SubmittedOrder } from '@cratebase/contract';
import type { Harness } from './harness.js';
import {
  CARD,
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  readySeller,
  setStock,
  type Org,
} from './checkout.js';
import { builtinPaymentsOfOrder } from '../../src/providers/payments/builtin-checkout.js';
import { createBuiltinPayments } from '../../src/providers/payments/index.js';

type Answer = { status: number; body: any };

/** What may answer a request that lost a race: a sentence, never a 5xx. */
const LOSING_CODES = new Set([
  'checkout_superseded',
  'order_submitted',
  'session_expired',
  'session_complete',
  'invoice_not_open',
  'not_found',
]);

function expectWonOrLost(answers: Answer[]): void {
  for (const a of answers) {
    if (a.status === 200) continue;
    expect(a.status, JSON.stringify(a.body)).toBe(a.body?.error === 'not_found' ? 404 : 409);
    expect(LOSING_CODES.has(a.body?.error), JSON.stringify(a.body)).toBe(true);
    expect(typeof a.body?.message).toBe('string');
  }
}

export class MoneyRaces {
  private turn = 0;
  constructor(
    private readonly h: Harness,
    private readonly callers: Harness[] = [h],
  ) {}

  private next(): Harness {
    return this.callers[this.turn++ % this.callers.length]!;
  }

  private get db() {
    return this.h.testDb.database.db;
  }

  private async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await this.db.execute(query)).rows as T[];
  }

  /** The built-in card form's Pay with a card that succeeds (the buyer's tab). */
  private pay(buyer: Org, clientSecret: string): Promise<Answer> {
    return this.next().call('POST', '/api/payments/checkout/pay', {
      token: buyer.token,
      body: { client_secret: clientSecret, card: { ...CARD, number: TEST_CARDS.succeeds } },
    });
  }

  /** A seller with payments and one tracked product in stock, and a customer (on Net 30 when `terms`). */
  async world(opts: { terms?: boolean } = {}): Promise<{ seller: Org; buyer: Org; productId: string }> {
    const seller = await readySeller(this.h);
    const buyer = await customerOf(this.h, seller);
    const productId = await liveProduct(this.h, seller, { unit_price_in_cents: 1_500 });
    await setStock(this.h, seller, productId, 100_000);
    if (opts.terms) {
      await ok(
        this.h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`, {
          token: seller.token,
          body: { net_days: 30 },
        }),
      );
    }
    return { seller, buyer, productId };
  }

  /**
   * One round of a buyer opening `parallel` checkouts of one cart at once (tabs, double clicks,
   * retries) and paying each as soon as its card form opens. Exactly one charge at the provider,
   * no refund, the order placed once.
   */
  async checkoutRound(world: { seller: Org; buyer: Org; productId: string }, parallel: number): Promise<void> {
    const { seller, buyer, productId } = world;
    const { cart } = await atPayment(this.h, seller, buyer, { [productId]: 2 });
    const creates: Answer[] = [];
    const pays: Answer[] = [];
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        const created = await createSession(this.next(), seller, buyer, cart);
        creates.push(created);
        if (created.status === 200) pays.push(await this.pay(buyer, created.body.clientSecret));
      }),
    );
    expectWonOrLost([...creates, ...pays]);
    expect(creates.some((c) => c.status === 200)).toBe(true);
    expect(await builtinPaymentsOfOrder(this.db, cart.order.id)).toMatchObject({ charges: 1, refunds: 0 });
    const [order] = await this.rows<{ status: string; complete: number }>(sql`
      select o.status, (select count(*)::int from checkout_sessions s where s.order_id = o.id and s.status = 'complete') as complete
        from orders o where o.id = ${cart.order.id}`);
    expect(order).toEqual({ status: 'submitted', complete: 1 });
  }

  /** An order placed on Net 30: its id and OPEN invoice. */
  async placedOnTerms(world: { seller: Org; buyer: Org; productId: string }) {
    const { seller, buyer, productId } = world;
    const { cart } = await atPayment(this.h, seller, buyer, { [productId]: 3 });
    const placed = await ok<SubmittedOrder>(
      this.h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: buyer.token }),
    );
    const [invoice] = await this.rows<{ id: string }>(sql`select id from invoices where order_id = ${placed.id}`);
    return { orderId: placed.id, invoiceId: invoice!.id, amountCents: placed.total_cents };
  }

  /** `parallel` Pay now dialogs of one OPEN invoice opened at once, each paid as it opens: one charge. */
  async payNowRound(world: { seller: Org; buyer: Org; productId: string }, parallel: number): Promise<void> {
    const { buyer } = world;
    const { orderId, invoiceId } = await this.placedOnTerms(world);
    const answers: Answer[] = [];
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        const opened = await this.next().call('POST', `/api/invoice/${invoiceId}/checkout-session`, {
          token: buyer.token,
        });
        answers.push(opened);
        if (opened.status === 200) answers.push(await this.pay(buyer, opened.body.clientSecret));
      }),
    );
    expectWonOrLost(answers);
    expect(await builtinPaymentsOfOrder(this.db, orderId)).toMatchObject({ charges: 1, refunds: 0 });
    const [invoice] = await this.rows<{ status: string; paid_method: string }>(
      sql`select status, paid_method from invoices where id = ${invoiceId}`,
    );
    expect(invoice).toEqual({ status: 'PAID', paid_method: 'card' });
  }

  private closeInvoice(world: { seller: Org }, invoiceId: string, close: 'mark-paid' | 'void'): Promise<Answer> {
    return this.next().call('POST', `/api/organization/${world.seller.orgId}/invoices/${invoiceId}/${close}`, {
      token: world.seller.token,
      ...(close === 'mark-paid' ? { body: { method: 'check', paid_on: isoDay(new Date()) } } : {}),
    });
  }

  /**
   * A Pay now dialog left open while the seller marks the invoice paid (or voids it): paying in
   * it afterwards is refused before any money moves.
   */
  async stalePayNow(world: { seller: Org; buyer: Org; productId: string }, close: 'mark-paid' | 'void'): Promise<void> {
    const { orderId, invoiceId } = await this.placedOnTerms(world);
    const dialog = await ok(
      this.next().call('POST', `/api/invoice/${invoiceId}/checkout-session`, { token: world.buyer.token }),
    );
    expect((await this.closeInvoice(world, invoiceId, close)).status).toBe(200);
    const paid = await this.pay(world.buyer, dialog.clientSecret);
    expect(paid.status).toBe(409);
    expect(paid.body.error).toBe('session_expired');
    expect(await builtinPaymentsOfOrder(this.db, orderId)).toMatchObject({ charges: 0, refunds: 0 });
  }

  /**
   * The seller closes the invoice while the buyer pays it, at the same moment: one of the two
   * wins. If the card won, it is the invoice's one payment; if the seller won and the card still
   * got through in the instant between, that payment is refunded in full. Never a kept second payment.
   */
  async closeWhilePaying(world: { seller: Org; buyer: Org; productId: string }, close: 'mark-paid' | 'void') {
    const { orderId, invoiceId, amountCents } = await this.placedOnTerms(world);
    const dialog = await ok(
      this.next().call('POST', `/api/invoice/${invoiceId}/checkout-session`, { token: world.buyer.token }),
    );
    const [closed, paid] = await Promise.all([
      this.closeInvoice(world, invoiceId, close),
      this.pay(world.buyer, dialog.clientSecret),
    ]);
    expectWonOrLost([closed, paid]);
    const [invoice] = await this.rows<{ status: string; paid_method: string | null }>(
      sql`select status, paid_method from invoices where id = ${invoiceId}`,
    );
    const money = await builtinPaymentsOfOrder(this.db, orderId);
    if (invoice!.paid_method === 'card') {
      expect(closed.status).toBe(409);
      expect(money).toMatchObject({ charges: 1, refunds: 0 });
    } else {
      expect(closed.status).toBe(200);
      expect(invoice!.status).toBe(close === 'void' ? 'VOID' : 'PAID');
      // Charged in the instant between: refunded in full, at once.
      expect(money.chargedCents - money.refundedCents).toBe(0);
      if (money.charges > 0) expect(money.refundedCents).toBe(amountCents);
    }
    return { cardWon: invoice!.paid_method === 'card', refunded: money.refunds > 0 };
  }

  /**
   * A payment that reached the provider while our server was down (no completion ran), for an
   * invoice the seller then marks paid by check: closing ends the session at the provider,
   * learns it was paid, and refunds it in full with an e-mail to the buyer.
   */
  async paidWhileDownThenMarkedPaid(world: { seller: Org; buyer: Org; productId: string }): Promise<void> {
    const { orderId, invoiceId, amountCents } = await this.placedOnTerms(world);
    const dialog = await ok(
      this.next().call('POST', `/api/invoice/${invoiceId}/checkout-session`, { token: world.buyer.token }),
    );
    const refundMails = () =>
      this.rows<{ to_email: string; subject: string; text: string }>(
        sql`select to_email, subject, text from mail_outbox where kind = 'payment_refunded' and to_email = ${world.buyer.email} order by created_at, id`,
      );
    const mailedBefore = (await refundMails()).length;
    // The provider takes the card; our server never hears of it.
    await createBuiltinPayments(this.db).embeddedCheckout!.payWithCard(dialog.clientSecret, {
      ...CARD,
      number: TEST_CARDS.succeeds,
    });
    expect((await this.closeInvoice(world, invoiceId, 'mark-paid')).status).toBe(200);
    expect(await builtinPaymentsOfOrder(this.db, orderId)).toEqual({
      charges: 1,
      chargedCents: amountCents,
      refunds: 1,
      refundedCents: amountCents,
    });
    const [session] = await this.rows<{ status: string; refund_id: string | null }>(
      sql`select status, refund_id from checkout_sessions where order_id = ${orderId} and purpose = 'invoice'`,
    );
    expect(session!.status).toBe('refunded');
    expect(session!.refund_id).toMatch(/^re_/);
    const mail = (await refundMails()).slice(mailedBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Your payment of \$\d+\.\d\d to .+ was refunded$/);
    expect(mail[0]!.text).toContain('already recorded this invoice as settled');
    // Asked again (a webhook, the return page): the buyer reads that it is being refunded.
    const again = await this.pay(world.buyer, dialog.clientSecret);
    expect(again.status).toBe(409);
  }
}
