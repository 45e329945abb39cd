/**
 * One order, one set of money and one name (issue 21 part 5, docs/decisions/007): every answer
 * that carries a placed order gives the same `total_cents` (what the buyer pays: goods plus
 * shipping), the same `subtotal_cents` and `cart.total_cents` (the goods), and the same
 * `order_number` (CB-000001, its invoice's number); the seller finds the order by that number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CustomerOrderList,
  Order,
  OrderSummaryList,
  TEST_CARDS,
  formatOrderNumber,
  type SubmittedOrder,
} from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readySeller,
  type Org,
} from '../../../test/support/checkout.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

/** The buyer pays for `lines` by card (4242), optionally with a PO number; answers the submitted order. */
async function placeByCard(seller: Org, buyer: Org, lines: Record<string, number>, po?: string) {
  const { cart } = await atPayment(h, seller, buyer, lines);
  if (po) {
    await ok(h.call('POST', `/api/order/${cart.order.id}/po_number`, { token: buyer.token, body: { po_number: po } }));
  }
  const session = await ok(createSession(h, seller, buyer, cart));
  await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
  return ok<SubmittedOrder>(h.call('POST', `/api/order/${cart.order.id}/submit`, { token: buyer.token }));
}

const get = (path: string, who: Org) => ok(h.call('GET', path, { token: who.token }));
const sellingSearch = (seller: Org, query: string) =>
  get(`/api/order/organization/${seller.orgId}/selling?${query}`, seller).then((b) => OrderSummaryList.parse(b));

describe('an order’s money and number in every answer', () => {
  it('gives the same total (goods + shipping), goods and number in the lists, the order, the customer page and the submit answer', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller, 'Juniper Market');
    const jam = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_250 });
    const placed = await placeByCard(seller, buyer, { [jam]: 4 });
    expect(placed.subtotal_cents).toBe(5_000);
    expect(placed.shipping_cost_in_cents).toBeGreaterThan(0);
    expect(placed.total_cents).toBe(5_000 + placed.shipping_cost_in_cents);
    expect(placed.invoice.number).toMatch(/^CB-\d{6,}$/);
    const money = {
      order_number: placed.invoice.number,
      subtotal_cents: 5_000,
      shipping_cost_in_cents: placed.shipping_cost_in_cents,
      total_cents: placed.total_cents,
      cart: { total_cents: 5_000 },
    };

    const selling = OrderSummaryList.parse(await get(`/api/order/organization/${seller.orgId}/selling`, seller));
    const purchasing = OrderSummaryList.parse(await get(`/api/order/organization/${buyer.orgId}/purchasing`, buyer));
    const fromStore = OrderSummaryList.parse(
      await get(`/api/order/organization/${buyer.orgId}/purchasing?selling_organization_id=${seller.orgId}`, buyer),
    );
    const detailSeller = Order.parse(await get(`/api/order/${placed.id}`, seller));
    const detailBuyer = Order.parse(await get(`/api/order/${placed.id}`, buyer));
    for (const answer of [selling[0], purchasing[0], fromStore[0], detailSeller, detailBuyer]) {
      expect(answer).toMatchObject({ id: placed.id, ...money });
    }
    // The customer page (seller) and the returning-buyer check (buyer) read the same call.
    for (const who of [seller, buyer]) {
      const customerOrders = CustomerOrderList.parse(
        await get(`/api/order/organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`, who),
      );
      expect(customerOrders).toEqual([expect.objectContaining({ id: placed.id, ...money })]);
    }
    // The invoice bears the order's number and its total.
    const invoices = await get(`/api/organization/${seller.orgId}/invoices?status=paid`, seller);
    expect(invoices).toEqual([
      expect.objectContaining({ number: placed.invoice.number, amount_cents: placed.total_cents }),
    ]);
  });

  it('numbers orders one after another from the invoices’ sequence', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const jam = await liveProduct(h, seller, { unit_price_in_cents: 700 });
    const first = await placeByCard(seller, buyer, { [jam]: 1 });
    const second = await placeByCard(seller, buyer, { [jam]: 2 });
    const n = Number(first.invoice.number.slice(3));
    expect(second.invoice.number).toBe(formatOrderNumber(n + 1));
    const list = OrderSummaryList.parse(await get(`/api/order/organization/${seller.orgId}/selling`, seller));
    expect(list.map((o) => o.order_number)).toEqual([second.invoice.number, first.invoice.number]);
  });
});

describe('order numbers past a million', () => {
  it('keep every digit (CB-1000000, never cut to six), and the search finds them', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const jam = await liveProduct(h, seller, { unit_price_in_cents: 700 });
    await h.testDb.database.db.execute(sql`select setval('invoice_number_seq', 999999)`);
    const millionth = await placeByCard(seller, buyer, { [jam]: 1 });
    const next = await placeByCard(seller, buyer, { [jam]: 1 });
    expect([millionth.invoice.number, next.invoice.number]).toEqual(['CB-1000000', 'CB-1000001']);
    expect(formatOrderNumber(1_000_000)).toBe('CB-1000000');
    expect((await sellingSearch(seller, 'q=1000000')).map((o) => o.id)).toEqual([millionth.id]);
  });
});

describe('the seller’s order search by number', () => {
  it('finds an order by CB-000001, cb-1, 000001 or 1, and by the start of a PO number, only among its own orders', async () => {
    const seller = await readySeller(h);
    const other = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const otherBuyer = await customerOf(h, other);
    const jam = await liveProduct(h, seller, { unit_price_in_cents: 900 });
    const otherJam = await liveProduct(h, other, { unit_price_in_cents: 900 });
    const a = await placeByCard(seller, buyer, { [jam]: 1 }, 'PO-7781');
    const b = await placeByCard(seller, buyer, { [jam]: 2 });
    const elsewhere = await placeByCard(other, otherBuyer, { [otherJam]: 1 });

    const n = Number(b.invoice.number.slice(3));
    for (const q of [b.invoice.number, b.invoice.number.toLowerCase(), `CB-${n}`, String(n).padStart(6, '0'), String(n), `#${n}`]) {
      const found = await sellingSearch(seller, `q=${encodeURIComponent(q)}`);
      expect(found.map((o) => o.id), q).toEqual([b.id]);
    }
    // The start of a PO number, in any case.
    expect((await sellingSearch(seller, 'q=po-77')).map((o) => o.id)).toEqual([a.id]);
    // Another seller's order number finds nothing here, and neither does a number nobody has.
    expect(await sellingSearch(seller, `q=${elsewhere.invoice.number}`)).toEqual([]);
    expect(await sellingSearch(seller, 'q=CB-999999999')).toEqual([]);
    // No search lists both; the PO number filter still works on its own.
    expect((await sellingSearch(seller, '')).map((o) => o.id)).toEqual([b.id, a.id]);
    expect((await sellingSearch(seller, 'po_number=PO-7')).map((o) => o.id)).toEqual([a.id]);
    // Paging a search: one order a page, the cursor carrying on.
    const page1 = await h.call('GET', `/api/order/organization/${seller.orgId}/selling?q=${n}&limit=1`, {
      token: seller.token,
    });
    expect(page1.body.map((o: { id: string }) => o.id)).toEqual([b.id]);
  });

  it('pages a search whose number and PO prefix both match, newest first, without repeating an order', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const jam = await liveProduct(h, seller, { unit_price_in_cents: 900 });
    const first = await placeByCard(seller, buyer, { [jam]: 1 });
    const n = Number(first.invoice.number.slice(3));
    // A later order whose PO number starts with the first order's digits.
    const second = await placeByCard(seller, buyer, { [jam]: 1 }, `${n}-B`);
    const both = await sellingSearch(seller, `q=${n}`);
    expect(both.map((o) => o.id)).toEqual([second.id, first.id]);
    const page1 = await h.call('GET', `/api/order/organization/${seller.orgId}/selling?q=${n}&limit=1`, {
      token: seller.token,
    });
    expect(page1.body.map((o: { id: string }) => o.id)).toEqual([second.id]);
    const cursor = page1.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const page2 = await sellingSearch(seller, `q=${n}&limit=1&cursor=${cursor}`);
    expect(page2.map((o) => o.id)).toEqual([first.id]);
  });

  it('refuses q and po_number together with 400 naming q', async () => {
    const seller = await readySeller(h, { payments: false });
    const res = await h.call('GET', `/api/order/organization/${seller.orgId}/selling?q=1&po_number=A`, {
      token: seller.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([expect.objectContaining({ path: 'q' })]);
  });
});
