import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Org = TestUser & { orgId: string };
const db = () => h.testDb.database.db;

/** The seller invites the buyer, the buyer accepts: the buyer becomes a customer. */
async function makeCustomer(seller: Org, buyer: Org) {
  const inv = await h.call('POST', '/api/invite/purchaser', {
    token: seller.token,
    body: { to_organization_id: seller.orgId, to_emails: [buyer.email] },
  });
  const res = await h.call('POST', `/api/invite/purchaser/accept/${inv.body[0].id}`, { token: buyer.token });
  expect(res.status).toBe(200);
}

/** An order as the checkout will leave it (the orders module is not built yet): a cart and its order. */
async function addOrder(
  seller: Org,
  buyer: Org,
  opts: {
    completedOn: string | null;
    totalCents?: number | null;
    subtotalCents?: number | null;
    shippingCents?: number | null;
    invoice?: 'OPEN' | 'PAID' | 'VOID';
    lines?: { priceCents: number; quantity: number }[];
  },
): Promise<{ orderId: string; invoiceId: string | null }> {
  const cart = await db().execute<{ id: string }>(sql`
    insert into carts (selling_organization_id, purchasing_organization_id, status)
    values (${seller.orgId}, ${buyer.orgId}, ${opts.completedOn ? 'ordered' : 'open'}) returning id`);
  const cartId = cart.rows[0]!.id;
  for (const line of opts.lines ?? []) {
    const p = await db().execute<{ id: string }>(sql`
      insert into products (organization_id, name, unit_price_in_cents) values (${seller.orgId}, 'Thing', ${line.priceCents}) returning id`);
    await db().execute(
      sql`insert into line_items (cart_id, product_id, quantity) values (${cartId}, ${p.rows[0]!.id}, ${line.quantity})`,
    );
  }
  const order = await db().execute<{ id: string }>(sql`
    insert into orders (cart_id, selling_organization_id, purchasing_organization_id, status, total_cents,
                        subtotal_cents, shipping_cost_in_cents, completed_on)
    values (${cartId}, ${seller.orgId}, ${buyer.orgId}, ${opts.completedOn ? 'submitted' : 'draft'}, ${opts.totalCents ?? null},
            ${opts.subtotalCents ?? null}::int, ${opts.shippingCents ?? null}::int, ${opts.completedOn}::timestamptz)
    returning id`);
  const orderId = order.rows[0]!.id;
  let invoiceId: string | null = null;
  if (opts.invoice) {
    const inv = await db().execute<{ id: string }>(sql`
      insert into invoices (order_id, number, status, amount_cents) values (${orderId}, ${`INV-${orderId.slice(0, 8)}`}, ${opts.invoice}, ${opts.totalCents ?? 0}) returning id`);
    invoiceId = inv.rows[0]!.id;
  }
  return { orderId, invoiceId };
}

describe('GET /api/order/organization/{org_id}/purchasers', () => {
  it('lists each customer once, newest first, with completed-order count and last order', async () => {
    const seller = await h.newOrgUser('Merchant');
    expect(
      (await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers`, { token: seller.token })).body,
    ).toEqual([]);
    const first = await h.newOrgUser('Buyer', 'First Shop');
    const second = await h.newOrgUser('Buyer', 'Second Shop');
    await makeCustomer(seller, first);
    await makeCustomer(seller, second);
    // Orders of the first customer: two completed, one still a draft; and one with another seller.
    await addOrder(seller, first, { completedOn: '2026-03-01T10:00:00Z', totalCents: 12_000 });
    await addOrder(seller, first, { completedOn: '2026-05-02T09:30:00Z', totalCents: 8_000 });
    await addOrder(seller, first, { completedOn: null });
    const otherSeller = await h.newOrgUser('Merchant');
    await makeCustomer(otherSeller, first);
    await addOrder(otherSeller, first, { completedOn: '2026-06-01T00:00:00Z', totalCents: 1 });

    const res = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers`, { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        organization: { id: second.orgId, name: 'Second Shop' },
        last_order: null,
        count: 0,
        customer_since: expect.any(String),
        total_cents: 0,
        refunded_cents: 0,
        cancelled_cents: 0,
      },
      {
        organization: { id: first.orgId, name: 'First Shop' },
        last_order: '2026-05-02T09:30:00.000Z',
        count: 2,
        customer_since: expect.any(String),
        total_cents: 20_000,
        refunded_cents: 0,
        cancelled_cents: 0,
      },
    ]);
  });

  it('pages by keyset and searches by name', async () => {
    const seller = await h.newOrgUser('Merchant');
    const names = ['Alpha Market', 'Beta Grocer', 'Gamma Market'];
    for (const name of names) await makeCustomer(seller, await h.newOrgUser('Buyer', name));
    const page1 = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers?limit=2`, {
      token: seller.token,
    });
    expect(page1.body.map((c: any) => c.organization.name)).toEqual(['Gamma Market', 'Beta Grocer']);
    const cursor = page1.headers[NEXT_CURSOR_HEADER] as string;
    expect(cursor).toBeTruthy();
    const page2 = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers?limit=2&cursor=${cursor}`, {
      token: seller.token,
    });
    expect(page2.body.map((c: any) => c.organization.name)).toEqual(['Alpha Market']);
    expect(page2.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    const search = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers?q=market`, {
      token: seller.token,
    });
    expect(search.body.map((c: any) => c.organization.name)).toEqual(['Gamma Market', 'Alpha Market']);
    const bad = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers?cursor=xyz`, {
      token: seller.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('cursor');
  });

});

describe('GET /api/order/organization/{org_id}/purchasers/{id}', () => {
  it('reads one customer with its count and last order; 404 for an organization that is not a customer', async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer', 'Single Customer Co');
    const stranger = await h.newOrgUser('Buyer');
    await makeCustomer(seller, buyer);
    await addOrder(seller, buyer, { completedOn: '2026-03-02T10:00:00Z', totalCents: 5000 });
    const res = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}`, { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ organization: { id: buyer.orgId, name: 'Single Customer Co' }, count: 1, last_order: '2026-03-02T10:00:00.000Z' });
    const notCustomer = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers/${stranger.orgId}`, { token: seller.token });
    expect(notCustomer.status).toBe(404);
    expect((await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}`, { token: buyer.token })).status).toBe(403);
    expect((await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}`)).status).toBe(401);
    expect((await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers/nope`, { token: seller.token })).status).toBe(400);
  });

  it('lists the customer’s people (name, e-mail, phone, role), owners first; nobody outside the seller reads them', async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer', 'Peopled Shop');
    await makeCustomer(seller, buyer);
    await h.call('PUT', '/api/user/me', { token: buyer.token, body: { name: 'Olive Owner', phone: '+1 802 555 0134' } });
    // A second member who never gave a name or a phone (an older account).
    const staff = await h.newUser();
    const staffRow = await db().execute<{ id: string }>(sql`select id from users where auth_subject = ${staff.sub}`);
    await db().execute(sql`insert into memberships (user_id, organization_id, role) values (${staffRow.rows[0]!.id}, ${buyer.orgId}, 'staff')`);

    const path = `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}`;
    const res = await h.call('GET', path, { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body.people).toEqual([
      { name: 'Olive Owner', email: buyer.email.toLowerCase(), phone: '+1 802 555 0134', role: 'owner' },
      { name: null, email: staff.email.toLowerCase(), phone: null, role: 'staff' },
    ]);
    // The list stays as it was: no people on its rows.
    const list = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers`, { token: seller.token });
    expect(list.body[0].people).toBeUndefined();

    // A member of another organization (another seller, the customer itself) gets nothing.
    const otherSeller = await h.newOrgUser('Merchant');
    const foreign = await h.call('GET', path, { token: otherSeller.token });
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain('Olive');
    const own = await h.call('GET', path, { token: buyer.token });
    expect(own.status).toBe(403);
    // Another seller asking about the same buyer through its own organization: not its customer.
    const viaOwn = await h.call('GET', `/api/order/organization/${otherSeller.orgId}/purchasers/${buyer.orgId}`, { token: otherSeller.token });
    expect(viaOwn.status).toBe(404);
    expect(JSON.stringify(viaOwn.body)).not.toContain('Olive');
  });
});

describe('GET /api/order/organization/{org_id}/purchasing_organization/{id}', () => {
  it("lists one customer's completed orders, newest first, with totals and invoices", async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    await makeCustomer(seller, buyer);
    const url = `/api/order/organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`;
    expect((await h.call('GET', url, { token: seller.token })).body).toEqual([]);

    const older = await addOrder(seller, buyer, {
      completedOn: '2026-01-10T12:00:00Z',
      totalCents: 4_550,
      subtotalCents: 4_000,
      shippingCents: 550,
      invoice: 'PAID',
    });
    const newer = await addOrder(seller, buyer, {
      completedOn: '2026-02-10T12:00:00Z',
      totalCents: null,
      lines: [{ priceCents: 1_250, quantity: 4 }],
    });
    await addOrder(seller, buyer, { completedOn: null, totalCents: 999 });

    const res = await h.call('GET', url, { token: seller.token });
    expect(res.status).toBe(200);
    // Each order's money as every order answer has it (docs/decisions/007): total_cents is what the
    // buyer pays, subtotal_cents and cart.total_cents the goods; an order without recorded totals
    // counts its lines. Its number is its invoice's.
    expect(res.body).toEqual([
      {
        id: newer.orderId,
        order_number: null,
        completed_on: '2026-02-10T12:00:00.000Z',
        subtotal_cents: 5_000,
        shipping_cost_in_cents: 0,
        total_cents: 5_000,
        cart: { total_cents: 5_000 },
        invoice: null,
        refunded_cents: 0,
        state: 'placed',
        cancelled_cents: 0,
      },
      {
        id: older.orderId,
        order_number: `INV-${older.orderId.slice(0, 8)}`,
        completed_on: '2026-01-10T12:00:00.000Z',
        subtotal_cents: 4_000,
        shipping_cost_in_cents: 550,
        total_cents: 4_550,
        cart: { total_cents: 4_000 },
        // A signed link that expires (payments/invoice-links.ts).
        invoice: {
          link: expect.stringMatching(
            new RegExp(`^http://localhost:3999/invoices/${older.invoiceId}\\.pdf\\?expires=\\d+&signature=[0-9a-f]{64}$`),
          ),
          stripe_status: 'PAID',
        },
        refunded_cents: 0,
        state: 'placed',
        cancelled_cents: 0,
      },
    ]);
    const page = await h.call('GET', `${url}?limit=1`, { token: seller.token });
    expect(page.body.map((o: any) => o.id)).toEqual([newer.orderId]);
    const rest = await h.call('GET', `${url}?limit=1&cursor=${page.headers[NEXT_CURSOR_HEADER]}`, {
      token: seller.token,
    });
    expect(rest.body.map((o: any) => o.id)).toEqual([older.orderId]);
    expect((await h.call('GET', `${url}?q=x`, { token: seller.token })).status).toBe(400);

    // The buyer itself may check whether it is a returning customer.
    const asBuyer = await h.call('GET', url, { token: buyer.token });
    expect(asBuyer.status).toBe(200);
    expect(asBuyer.body).toHaveLength(2);
  });

  it('refuses strangers, other customers and sellers the buyer does not buy from', async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const otherBuyer = await h.newOrgUser('Buyer');
    await makeCustomer(seller, buyer);
    await makeCustomer(seller, otherBuyer);
    const stranger = await h.newOrgUser('Merchant');
    const url = `/api/order/organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`;
    expect((await h.call('GET', url, { token: stranger.token })).status).toBe(403);
    expect((await h.call('GET', url, { token: otherBuyer.token })).status).toBe(403);
    expect((await h.call('GET', url)).status).toBe(401);
    // The buyer asking about a seller it does not buy from.
    const notMySeller = `/api/order/organization/${stranger.orgId}/purchasing_organization/${buyer.orgId}`;
    expect((await h.call('GET', notMySeller, { token: buyer.token })).status).toBe(403);
    expect(
      (
        await h.call('GET', `/api/order/organization/${seller.orgId}/purchasing_organization/x`, {
          token: seller.token,
        })
      ).status,
    ).toBe(400);
  });

  it("answers a seller's view of its own storefront with no orders", async () => {
    const seller = await h.newOrgUser('Merchant');
    const res = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasing_organization/${seller.orgId}`, {
      token: seller.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
