/**
 * Races across two production server processes on one PostgreSQL database (issue 11): requests
 * spread over both processes at once never lose, double or leak anything — the last units of
 * stock, a paid checkout verified many times, an invite accepted many times, a cart line set
 * many times. Every request goes over HTTP with real sign-in tokens; no answer may be a 5xx.
 * Needs the production build; runs on the run's PostgreSQL (test/support/global-database.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutSession, TEST_CARDS, type Cart } from '@cratebase/contract';
import type { HttpHarness } from '../../../test/support/http-harness.js';
import { startTwoProcesses, type TwoProcesses } from '../../../test/support/two-processes.js';
import {
  CARD,
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  pairUrl,
  payWith,
  readCart,
  readySeller,
  setStock,
  verify,
} from '../../../test/support/checkout.js';
import { createBuiltinPayments } from '../../providers/payments/index.js';
import { inBatches } from '../../../test/support/concurrency.js';

let cluster: TwoProcesses;
let h: HttpHarness;

beforeAll(async () => {
  cluster = await startTwoProcesses();
  h = cluster.h;
});

afterAll(async () => {
  await cluster?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await h.testDb.database.db.execute(query)).rows as T[];
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(query);
  return row!;
}

/** `count` requests at once, alternating between the two processes (A, B, A, B…). */
function onBoth<R>(count: number, fn: (server: HttpHarness, index: number) => Promise<R>): Promise<R[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => fn(h.at(i % 2), i)));
}

const expectNothingBroke = () => cluster.expectNothingBroke();

const stockOf = (productId: string) =>
  one<{ inventory_count: number }>(sql`select inventory_count from products where id = ${productId}`).then(
    (r) => r.inventory_count,
  );

describe('races across two server processes on one database', () => {
  it('50 buyers check out the last 10 units at once: 10 orders, 40 clear refusals, stock 0', async () => {
    const seller = await readySeller(h);
    const productId = await liveProduct(h, seller, { name: 'Last batch' });
    await setStock(h, seller, productId, 10);
    const buyers = await inBatches(Array.from({ length: 50 }), 5, () => customerOf(h, seller));
    const carts = await inBatches(
      buyers,
      5,
      async (buyer) => (await atPayment(h, seller, buyer, { [productId]: 1 })).cart,
    );

    // All at once, half through each process: each buyer makes a checkout session and, when
    // given one, pays it with the test card that succeeds.
    const outcomes = await onBoth(50, async (server, i) => {
      const buyer = buyers[i]!;
      const made = await createSession(server, seller, buyer, carts[i]!);
      if (made.status !== 200) return { buyer, made, paid: null };
      const paid = await payWith(server, buyer, CheckoutSession.parse(made.body), TEST_CARDS.succeeds);
      return { buyer, made, paid };
    });

    const refused = outcomes.filter((o) => o.made.status !== 200);
    const paid = outcomes.filter((o) => o.paid?.status === 200);
    expect(paid).toHaveLength(10);
    for (const o of paid) expect(o.paid!.body.status).toBe('complete');
    expect(refused).toHaveLength(40);
    // Refused before any payment, with a sentence for the buyer: the units were held by others
    // (insufficient_inventory) or, for a request that arrived after they were sold, the cart's
    // line is no longer available (unavailable_lines, or cart_changed between its two reads).
    for (const { made } of refused) {
      expect(made.status, JSON.stringify(made.body)).toBe(409);
      expect(['insufficient_inventory', 'unavailable_lines', 'cart_changed']).toContain(made.body.error);
      if (made.body.error === 'insufficient_inventory') {
        expect(made.body.message).toBe('"Last batch" just sold out. Please update your cart.');
      }
    }

    // Every paying buyer has exactly one placed order; the others none; the stock is gone, not below.
    expect(await stockOf(productId)).toBe(0);
    const placed = await rows<{ purchasing_organization_id: string }>(sql`
      select purchasing_organization_id from orders
       where selling_organization_id = ${seller.orgId} and status <> 'draft'`);
    expect(placed.map((o) => o.purchasing_organization_id).sort()).toEqual(paid.map((o) => o.buyer.orgId).sort());
    expect(
      await one<{ sold: number; held: number }>(sql`
        select count(*) filter (where status = 'sold')::int as sold,
               count(*) filter (where status = 'held' and held_until > now())::int as held
          from stock_reservations where product_id = ${productId}`),
    ).toEqual({ sold: 10, held: 0 });
    // The seller's product page agrees.
    const product = await ok(h.call('GET', `/api/product/${productId}`, { token: seller.token }));
    expect(product.inventory_count).toBe(0);
    expectNothingBroke();
  });

  it('one paid checkout verified 20 times at once: one order, one invoice, stock taken once, e-mails queued once', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const productId = await liveProduct(h, seller, { name: 'Fig jam' });
    await setStock(h, seller, productId, 10);
    const { cart } = await atPayment(h, seller, buyer, { [productId]: 4 });
    const session = CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
    // The card is charged at the provider, but no request has completed the order yet (as when
    // the buyer's tab closed right after paying): the return page's verify-payment will.
    await createBuiltinPayments(h.testDb.database.db).embeddedCheckout!.payWithCard(session.clientSecret, {
      ...CARD,
      number: TEST_CARDS.succeeds,
    });

    const answers = await onBoth(20, (server) => verify(server, seller, buyer, session.session_id));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(new Set(answers.map((answer) => answer.body.order_id))).toEqual(new Set([cart.order.id]));
    expect(new Set(answers.map((answer) => answer.body.invoice_number)).size).toBe(1);

    expect(
      await one(sql`
        select (select count(*)::int from orders
                 where selling_organization_id = ${seller.orgId} and status <> 'draft') as orders,
               (select count(*)::int from invoices where order_id = ${cart.order.id}) as invoices,
               (select count(*)::int from mail_outbox
                 where kind = 'order_confirmation' and to_email = ${buyer.email}) as confirmations,
               (select count(*)::int from mail_outbox
                 where kind = 'new_order' and to_email = ${seller.email}) as notices`),
    ).toEqual({ orders: 1, invoices: 1, confirmations: 1, notices: 1 });
    expect(await stockOf(productId)).toBe(6);
    expectNothingBroke();
  });

  it('one invite accepted by 20 requests at once: one purchasing relationship, answers 200 or a clear 409', async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const [invite] = await ok<{ id: string }[]>(
      h.call('POST', '/api/invite/purchaser', {
        token: seller.token,
        body: { to_organization_id: seller.orgId, to_emails: [buyer.email] },
      }),
    );

    const answers = await onBoth(20, (server) =>
      server.call('POST', `/api/invite/purchaser/accept/${invite!.id}`, { token: buyer.token }),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted.length).toBeGreaterThan(0);
    for (const answer of accepted) {
      expect(answer.body).toMatchObject({
        invite_id: invite!.id,
        status: 'accepted',
        purchasing_organization: { id: buyer.orgId },
      });
    }
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.message).toEqual(expect.any(String));
    }

    expect(
      await rows(sql`
        select purchaser_organization_id from purchasing_relationships
         where seller_organization_id = ${seller.orgId}`),
    ).toEqual([{ purchaser_organization_id: buyer.orgId }]);
    // The buyer now shops there: its cart with the seller opens.
    const cart = await ok<Cart>(h.call('GET', pairUrl(seller, buyer), { token: buyer.token }));
    expect(cart.line_items).toEqual([]);
    expectNothingBroke();
  });

  it('one cart line set to 20 quantities at once: one line, one of the sent quantities, a total that matches', async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await customerOf(h, seller);
    const productId = await liveProduct(h, seller, { name: 'Plum jam', unit_price_in_cents: 1_250 });
    const cart = await readCart(h, seller, buyer);
    const sent = Array.from({ length: 20 }, (_, i) => i + 1);

    const answers = await onBoth(20, (server, i) =>
      server.call('PUT', `/api/cart/${cart.id}/line_item`, {
        token: buyer.token,
        body: { product_id: productId, quantity: sent[i] },
      }),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    // Read through each process: both see the same single line.
    for (const server of [h.at(0), h.at(1)]) {
      const after = await readCart(server, seller, buyer);
      expect(after.line_items).toHaveLength(1);
      const line = after.line_items[0]!;
      expect(line.product.id).toBe(productId);
      expect(sent).toContain(line.quantity);
      expect(line.line_total_cents).toBe(line.quantity * 1_250);
      expect(after.item_count).toBe(line.quantity);
      expect(after.total_cents).toBe(line.quantity * 1_250);
    }
    expect(await rows(sql`select product_id, quantity from line_items where cart_id = ${cart.id}`)).toEqual([
      { product_id: productId, quantity: (await readCart(h, seller, buyer)).line_items[0]!.quantity },
    ]);
    expectNothingBroke();
  });
});
