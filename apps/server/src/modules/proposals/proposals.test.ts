/**
 * Orders the seller writes (issue 25 part 2) through the API: the seller builds an order for a
 * customer on a price list (the list's prices less the discount), sends it (the retailer is
 * e-mailed a link), the retailer changes quantities within the rules and accepts — its cart holds
 * the lines at the agreed prices, the checkout charges exactly the proposal's total, and a list
 * changed afterwards does not move them. Declining e-mails the seller; two accepts at once put
 * the lines in the cart once; a retailer without an account is invited and reads the order once
 * it accepted; reserved stock; bad input and access.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutSession,
  Order,
  TEST_CARDS,
  discountedCents,
  type Cart,
  type Proposal,
} from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readCart,
  readySeller,
  setStock,
  sizedTee,
  type Org,
} from '../../../test/support/checkout.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => h?.close());

async function mailbox(to: string) {
  await h.app.mail.worker.drain();
  const res = await h.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body as { subject: string; links: string[]; text: string }[];
}

const proposals = (seller: Org) => `/api/organization/${seller.orgId}/proposals`;
const create = (seller: Org, body: Record<string, unknown>, token = seller.token) =>
  h.call('POST', proposals(seller), { token, body });
const send = (seller: Org, id: string, token = seller.token) =>
  h.call('POST', `${proposals(seller)}/${id}/send`, { token, body: {} });
const retailerRead = (buyer: { token: string }, id: string) =>
  h.call('GET', `/api/proposals/${id}`, { token: buyer.token });
const accept = (buyer: { token: string }, id: string) =>
  h.call('POST', `/api/proposals/${id}/accept`, { token: buyer.token, body: {} });
/** The seller's list: each order's number → its total. */
async function listedTotals(seller: Org): Promise<Record<string, number>> {
  const rows = await ok<{ number: string; total_cents: number }[]>(
    h.call('GET', proposals(seller), { token: seller.token }),
  );
  return Object.fromEntries(rows.map((r) => [r.number, r.total_cents]));
}
const changeLines = (buyer: { token: string }, id: string, lines: unknown[]) =>
  h.call('PUT', `/api/proposals/${id}/lines`, { token: buyer.token, body: { lines } });

/**
 * A seller with a mug ($10.00, in twos) and a tee in two sizes ($20.00, a break at 12 → $18.00);
 * "Distributor" (20 % off) and a customer on it; another customer on no list.
 */
async function world() {
  const seller = await readySeller(h);
  const mug = await liveProduct(h, seller, {
    name: 'Mug',
    unit_price_in_cents: 1_000,
    minimum_order_quantity: 2,
    order_increment: 2,
  });
  const tee = await sizedTee(h, seller);
  const { small, medium } = tee;
  const list = await ok(
    h.call('POST', `/api/organization/${seller.orgId}/price_lists`, {
      token: seller.token,
      body: { name: 'Distributor', percent_off: 20 },
    }),
  );
  const buyer = await customerOf(h, seller, 'Distributor Co');
  await ok(
    h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/price_list`, {
      token: seller.token,
      body: { price_list_id: list.id },
    }),
  );
  const other = await customerOf(h, seller, 'Boutique Co');
  return { seller, mug, tee: tee.id, small, medium, listId: list.id as string, buyer, other };
}

describe('an order the seller writes, accepted and paid', () => {
  it('prices at the customer’s list less the discount, e-mails the link, keeps the agreed prices in the cart and charges exactly them', async () => {
    const w = await world();
    const draft = await ok<Proposal>(
      create(w.seller, {
        purchaser_organization_id: w.buyer.orgId,
        note: 'From the trade show',
        discount_percent: 10,
        lines: [
          { product_id: w.mug, quantity: 4 },
          { product_id: w.medium, quantity: 12 },
        ],
      }),
    );
    // Mug: $10.00 → list 20 % off $8.00 → 10 % off $7.20. Tee M at 12: break $18.00 → $14.40 → $12.96.
    expect(draft).toMatchObject({
      number: 'P-1001',
      status: 'draft',
      discount_percent: 10,
      note: 'From the trade show',
      net_terms_days: 0,
    });
    expect(draft.lines.map((l) => [l.quantity, l.listed_unit_price_in_cents, l.unit_price_in_cents])).toEqual([
      [4, 800, 720],
      [12, 1_440, discountedCents(1_440, 1_000)],
    ]);
    expect(draft.total_cents).toBe(4 * 720 + 12 * 1_296);
    expect(draft.subtotal_cents - draft.discount_cents).toBe(draft.total_cents);
    expect(await listedTotals(w.seller)).toEqual({ 'P-1001': draft.total_cents });
    // A draft is the seller's alone.
    expect((await retailerRead(w.buyer, draft.id)).status).toBe(404);

    const sent = await ok<Proposal>(send(w.seller, draft.id));
    expect(sent.status).toBe('sent');
    const link = `/storefront/${w.seller.orgId}/proposals/${draft.id}`;
    expect(sent.retailer_url.endsWith(link)).toBe(true);
    const mail = (await mailbox(w.buyer.email)).find((m) => m.subject.includes('P-1001'));
    expect(mail?.subject).toMatch(/sent you order P-1001$/);
    expect(mail!.links.some((l) => l.endsWith(link))).toBe(true);
    expect(mail!.text).toContain('From the trade show');
    expect((await send(w.seller, draft.id)).status).toBe(409);

    // The retailer reads it at its prices and changes quantities within the rules only.
    expect(await ok<Proposal>(retailerRead(w.buyer, draft.id))).toMatchObject({ total_cents: draft.total_cents });
    const odd = await changeLines(w.buyer, draft.id, [{ product_id: w.mug, quantity: 3 }]);
    expect(odd.status).toBe(400);
    expect(odd.body.issues[0].path).toBe('lines.0.quantity');
    const added = await changeLines(w.buyer, draft.id, [{ product_id: w.small, quantity: 2 }]);
    expect(added.status).toBe(400);
    expect(added.body.issues[0].path).toBe('lines.0.product_id');
    const changed = await ok<Proposal>(changeLines(w.buyer, draft.id, [{ product_id: w.mug, quantity: 6 }]));
    expect(changed.lines.map((l) => [l.quantity, l.unit_price_in_cents])).toEqual([
      [6, 720],
      [12, 1_296],
    ]);

    // A total the retailer was not shown is refused, nothing accepted.
    const stale = await h.call('POST', `/api/proposals/${draft.id}/accept`, {
      token: w.buyer.token,
      body: { total_cents: draft.total_cents },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: 'proposal_changed', issues: [{ path: 'total_cents' }] });
    const accepted = await ok<{ proposal: Proposal; cart_id: string }>(
      h.call('POST', `/api/proposals/${draft.id}/accept`, {
        token: w.buyer.token,
        body: { total_cents: changed.total_cents },
      }),
    );
    expect(accepted.proposal.status).toBe('accepted');
    const cart = await readCart(h, w.seller, w.buyer);
    expect(cart.id).toBe(accepted.cart_id);
    expect(cart.line_items.map((l) => [l.product.id, l.quantity, l.unit_price_in_cents])).toEqual([
      [w.mug, 6, 720],
      [w.medium, 12, 1_296],
    ]);
    expect(cart.total_cents).toBe(accepted.proposal.total_cents);
    expect(cart.total_cents).toBe(6 * 720 + 12 * 1_296);
    const again = await accept(w.buyer, draft.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('proposal_accepted');

    // The list changes after acceptance: the agreed lines keep their prices, in the cart and the proposal.
    await ok(
      h.call('PATCH', `/api/organization/${w.seller.orgId}/price_lists/${w.listId}`, {
        token: w.seller.token,
        body: { percent_off: 30 },
      }),
    );
    // A quantity changed later keeps the agreed unit price.
    await ok<Cart>(
      h.call('PUT', `/api/cart/${cart.id}/line_item`, {
        token: w.buyer.token,
        body: { product_id: w.mug, quantity: 8 },
      }),
    );
    const { cart: atPay } = await atPayment(h, w.seller, w.buyer, {});
    expect(atPay.line_items.map((l) => [l.quantity, l.unit_price_in_cents])).toEqual([
      [8, 720],
      [12, 1_296],
    ]);
    expect((await ok<Proposal>(retailerRead(w.buyer, draft.id))).total_cents).toBe(accepted.proposal.total_cents);
    expect(await listedTotals(w.seller)).toEqual({ 'P-1001': accepted.proposal.total_cents });
    const subtotal = 8 * 720 + 12 * 1_296;
    expect(atPay.total_cents).toBe(subtotal);

    const session = CheckoutSession.parse(
      await ok(createSession(h, w.seller, w.buyer, { id: atPay.id, total_cents: atPay.total_cents })),
    );
    expect(session.subtotal_cents).toBe(subtotal);
    await ok(payWith(h, w.buyer, session, TEST_CARDS.succeeds));
    const order = Order.parse(await ok(h.call('GET', `/api/order/${atPay.order.id}`, { token: w.buyer.token })));
    expect(order.subtotal_cents).toBe(subtotal);
    expect(order.cart.line_items.map((l) => [l.quantity, l.unit_price_in_cents])).toEqual([
      [8, 720],
      [12, 1_296],
    ]);
    // The next cart is priced at the (new) list again.
    const next = await readCart(h, w.seller, w.buyer);
    const fresh = await ok<Cart>(
      h.call('PUT', `/api/cart/${next.id}/line_item`, {
        token: w.buyer.token,
        body: { product_id: w.mug, quantity: 2 },
      }),
    );
    expect(fresh.line_items[0]!.unit_price_in_cents).toBe(700);
  });

  it('removing an accepted line drops its agreed price; adding the product again is at the listed price', async () => {
    const w = await world();
    const p = await ok<Proposal>(
      create(w.seller, {
        purchaser_organization_id: w.other.orgId,
        discount_percent: 50,
        lines: [{ product_id: w.mug, quantity: 2 }],
      }),
    );
    await ok(send(w.seller, p.id));
    const { cart_id } = await ok<{ cart_id: string }>(accept(w.other, p.id));
    let cart = await readCart(h, w.seller, w.other);
    expect(cart.line_items[0]).toMatchObject({ unit_price_in_cents: 500, agreed: true });
    await ok(
      h.call('PUT', `/api/cart/${cart_id}/line_item`, {
        token: w.other.token,
        body: { product_id: w.mug, quantity: 0 },
      }),
    );
    cart = await ok<Cart>(
      h.call('PUT', `/api/cart/${cart_id}/line_item`, {
        token: w.other.token,
        body: { product_id: w.mug, quantity: 2 },
      }),
    );
    expect(cart.line_items[0]).toMatchObject({ unit_price_in_cents: 1_000, agreed: false });
  });
});

describe('the seller’s list', () => {
  it('gives each order the total its page gives: available lines at the customer’s prices less the discount', async () => {
    const w = await world();
    const jar = await liveProduct(h, w.seller, { name: 'Jar', unit_price_in_cents: 500 });
    await setStock(h, w.seller, jar, 1);
    const lines = [
      { product_id: w.mug, quantity: 4 },
      { product_id: w.medium, quantity: 12 },
      { product_id: jar, quantity: 3 },
    ];
    const onList = await ok<Proposal>(
      create(w.seller, { purchaser_organization_id: w.buyer.orgId, discount_percent: 12.5, lines }),
    );
    const wholesale = await ok<Proposal>(
      create(w.seller, { invite_email: `shop-${randomUUID().slice(0, 8)}@example.com`, lines }),
    );
    const empty = await ok<Proposal>(create(w.seller, { purchaser_organization_id: w.other.orgId }));
    // Only 1 jar left: that line is not counted.
    expect(onList.lines.map((l) => l.available)).toEqual([true, true, false]);
    expect(onList.total_cents).toBe(4 * discountedCents(800, 1_250) + 12 * discountedCents(1_440, 1_250));
    expect(wholesale.total_cents).toBe(4 * 1_000 + 12 * 1_800);
    expect(await listedTotals(w.seller)).toEqual({
      [onList.number]: onList.total_cents,
      [wholesale.number]: wholesale.total_cents,
      [empty.number]: 0,
    });
    // One page of two, then the next: the same totals.
    const first = await h.call('GET', `${proposals(w.seller)}?limit=2`, { token: w.seller.token });
    expect(first.body.map((r: { total_cents: number }) => r.total_cents)).toEqual([0, wholesale.total_cents]);
  });
});

describe('answers and races', () => {
  it('declining e-mails the seller’s members; a declined order cannot be accepted', async () => {
    const w = await world();
    const p = await ok<Proposal>(
      create(w.seller, { purchaser_organization_id: w.buyer.orgId, lines: [{ product_id: w.mug, quantity: 2 }] }),
    );
    await ok(send(w.seller, p.id));
    const declined = await ok<Proposal>(
      h.call('POST', `/api/proposals/${p.id}/decline`, {
        token: w.buyer.token,
        body: { reason: 'Over budget this season' },
      }),
    );
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'Over budget this season' });
    const mail = (await mailbox(w.seller.email)).find((m) => m.subject === 'Distributor Co declined order P-1001');
    expect(mail?.text).toContain('Over budget this season');
    const late = await accept(w.buyer, p.id);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('proposal_declined');
    expect((await readCart(h, w.seller, w.buyer)).line_items).toEqual([]);
  });

  it('shows the customer’s terms; two accepts at once: one 200, one 409, and the cart holds the lines once', async () => {
    const w = await world();
    const p = await ok<Proposal>(
      create(w.seller, {
        purchaser_organization_id: w.buyer.orgId,
        lines: [
          { product_id: w.mug, quantity: 2 },
          { product_id: w.small, quantity: 3 },
        ],
      }),
    );
    await ok(send(w.seller, p.id));
    // The customer's terms show on the order (it may pay on them after accepting).
    await ok(
      h.call('PUT', `/api/order/organization/${w.seller.orgId}/purchasers/${w.buyer.orgId}/payment_terms`, {
        token: w.seller.token,
        body: { net_days: 30 },
      }),
    );
    expect((await ok<Proposal>(retailerRead(w.buyer, p.id))).net_terms_days).toBe(30);
    const answers = await Promise.all([accept(w.buyer, p.id), accept(w.buyer, p.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const cart = await readCart(h, w.seller, w.buyer);
    expect(cart.line_items.map((l) => [l.product.id, l.quantity])).toEqual([
      [w.mug, 2],
      [w.small, 3],
    ]);
    expect(cart.total_cents).toBe(
      (answers.find((a) => a.status === 200)!.body as { proposal: Proposal }).proposal.total_cents,
    );
  });

  it('a cancelled order cannot be accepted; reserved stock holds until it is answered', async () => {
    const w = await world();
    const jar = await liveProduct(h, w.seller, { name: 'Jar', unit_price_in_cents: 500 });
    await setStock(h, w.seller, jar, 5);
    const first = await ok<Proposal>(
      create(w.seller, {
        purchaser_organization_id: w.buyer.orgId,
        reserve_stock: true,
        lines: [{ product_id: jar, quantity: 4 }],
      }),
    );
    const sent = await ok<Proposal>(send(w.seller, first.id));
    expect(sent.reserved_until).not.toBeNull();
    const second = await ok<Proposal>(
      create(w.seller, {
        purchaser_organization_id: w.other.orgId,
        reserve_stock: true,
        lines: [{ product_id: jar, quantity: 2 }],
      }),
    );
    const short = await send(w.seller, second.id);
    expect(short.status).toBe(409);
    expect(short.body).toMatchObject({ error: 'insufficient_inventory', issues: [{ path: 'lines.0.quantity' }] });
    // The reservation follows the retailer's quantities: more than there is is refused, fewer frees the rest.
    const more = await changeLines(w.buyer, first.id, [{ product_id: jar, quantity: 6 }]);
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ error: 'insufficient_inventory', issues: [{ path: 'lines.0.quantity' }] });
    await ok(changeLines(w.buyer, first.id, [{ product_id: jar, quantity: 3 }]));
    const third = await ok<Proposal>(
      create(w.seller, {
        purchaser_organization_id: w.other.orgId,
        reserve_stock: true,
        lines: [{ product_id: jar, quantity: 2 }],
      }),
    );
    await ok(send(w.seller, third.id));
    await ok(h.call('POST', `${proposals(w.seller)}/${third.id}/cancel`, { token: w.seller.token, body: {} }));
    await ok(h.call('POST', `${proposals(w.seller)}/${first.id}/cancel`, { token: w.seller.token, body: {} }));
    expect((await accept(w.buyer, first.id)).body.error).toBe('proposal_cancelled');
    await ok(send(w.seller, second.id));
  });
});

describe('a retailer without an account', () => {
  it('is invited when the order is sent, and reads and accepts it once it accepted the invite', async () => {
    const w = await world();
    const email = `new-shop-${randomUUID().slice(0, 8)}@example.com`;
    const p = await ok<Proposal>(
      create(w.seller, { invite_email: email, lines: [{ product_id: w.mug, quantity: 2 }] }),
    );
    expect(p).toMatchObject({ purchaser_organization: null, invite_email: email });
    // Wholesale while the retailer is unknown.
    expect(p.lines[0]!.unit_price_in_cents).toBe(1_000);
    await ok(send(w.seller, p.id));
    const mail = (await mailbox(email)).find((m) => m.subject.includes('invited you'));
    expect(mail?.text).toContain('P-1001');
    const inviteLink = mail!.links.find((l) => l.includes('/invite/'))!;
    const inviteId = inviteLink.split('/invite/')[1]!;

    const shop = await h.newUser(email);
    const org = await ok(
      h.call('POST', '/api/organization', { token: shop.token, body: { selected_type: 'Buyer', name: 'New Shop' } }),
    );
    expect((await retailerRead(shop, p.id)).status).toBe(404);
    await ok(h.call('POST', `/api/invite/purchaser/accept/${inviteId}`, { token: shop.token }));
    const read = await ok<Proposal>(retailerRead(shop, p.id));
    expect(read.purchaser_organization).toEqual({ id: org.id, name: 'New Shop' });
    const received = await ok<Proposal[]>(
      h.call('GET', `/api/proposals/selling_organization/${w.seller.orgId}/purchasing_organization/${org.id}`, {
        token: shop.token,
      }),
    );
    expect(received.map((r) => r.id)).toEqual([p.id]);
    await ok(accept(shop, p.id));
    const cart = await ok<Cart>(
      h.call('GET', `/api/cart/selling_organization/${w.seller.orgId}/purchasing_organization/${org.id}`, {
        token: shop.token,
      }),
    );
    expect(cart.line_items.map((l) => [l.quantity, l.unit_price_in_cents])).toEqual([[2, 1_000]]);
  });
});

describe('bad input and access', () => {
  it('refuses bad input naming the field', async () => {
    const w = await world();
    const stranger = await h.newOrgUser('Buyer', 'Not A Customer');
    const theirs = await liveProduct(h, await readySeller(h, { payments: false }), { name: 'Theirs' });
    const issue = async (res: Promise<{ status: number; body: any }>, status: number, path: string) => {
      const r = await res;
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.issues?.[0]?.path).toBe(path);
    };
    await issue(create(w.seller, { purchaser_organization_id: stranger.orgId }), 404, 'purchaser_organization_id');
    await issue(create(w.seller, {}), 400, 'purchaser_organization_id');
    await issue(
      create(w.seller, { purchaser_organization_id: w.buyer.orgId, invite_email: 'x@example.com' }),
      400,
      'purchaser_organization_id',
    );
    await issue(
      create(w.seller, { purchaser_organization_id: w.buyer.orgId, discount_percent: 60 }),
      400,
      'discount_percent',
    );
    await issue(create(w.seller, { purchaser_organization_id: w.buyer.orgId, note: 'x'.repeat(1_001) }), 400, 'note');
    await issue(
      create(w.seller, { purchaser_organization_id: w.buyer.orgId, lines: [{ product_id: theirs, quantity: 1 }] }),
      400,
      'lines.0.product_id',
    );
    await issue(
      create(w.seller, { purchaser_organization_id: w.buyer.orgId, lines: [{ product_id: w.tee, quantity: 1 }] }),
      400,
      'lines.0.product_id',
    );
    await issue(
      create(w.seller, { purchaser_organization_id: w.buyer.orgId, lines: [{ product_id: w.mug, quantity: 1 }] }),
      400,
      'lines.0.quantity',
    );
    // A customer's member's e-mail: its invite could never be accepted — write it for the customer.
    await issue(create(w.seller, { invite_email: w.buyer.email.toUpperCase() }), 409, 'invite_email');
    const empty = await ok<Proposal>(create(w.seller, { purchaser_organization_id: w.buyer.orgId }));
    await issue(send(w.seller, empty.id), 409, 'lines');
  });

  it('keeps each order to its seller and its retailer; Staff write and send', async () => {
    const w = await world();
    const p = await ok<Proposal>(
      create(w.seller, { purchaser_organization_id: w.buyer.orgId, lines: [{ product_id: w.mug, quantity: 2 }] }),
    );
    await ok(send(w.seller, p.id));
    const otherSeller = await readySeller(h, { payments: false });
    // Another seller, through its own organization or the seller's: not found / not allowed.
    expect((await h.call('GET', `${proposals(otherSeller)}/${p.id}`, { token: otherSeller.token })).status).toBe(404);
    expect((await h.call('GET', `${proposals(w.seller)}/${p.id}`, { token: otherSeller.token })).status).toBe(404);
    // Another retailer of the same seller, and the seller on the retailer's routes: not found.
    expect((await retailerRead(w.other, p.id)).status).toBe(404);
    expect((await accept(w.other, p.id)).status).toBe(404);
    expect((await retailerRead(w.seller, p.id)).status).toBe(404);
    // The retailer's list of received orders: sent ones only, its own only.
    const draft = await ok<Proposal>(create(w.seller, { purchaser_organization_id: w.buyer.orgId }));
    const receivedBy = (buyer: Org) =>
      h.call('GET', `/api/proposals/selling_organization/${w.seller.orgId}/purchasing_organization/${buyer.orgId}`, {
        token: buyer.token,
      });
    expect((await ok<Proposal[]>(receivedBy(w.buyer))).map((r) => r.id)).toEqual([p.id]);
    expect(await ok<Proposal[]>(receivedBy(w.other))).toEqual([]);
    expect(draft.status).toBe('draft');
    expect(
      (
        await h.call(
          'GET',
          `/api/proposals/selling_organization/${w.seller.orgId}/purchasing_organization/${w.buyer.orgId}`,
          { token: w.other.token },
        )
      ).status,
    ).toBe(403);
    // The retailer on the seller's routes: not found.
    expect((await h.call('GET', `${proposals(w.seller)}/${p.id}`, { token: w.buyer.token })).status).toBe(404);

    const staffUser = await h.newUser();
    const invite = await ok(
      h.call('POST', `/api/organization/${w.seller.orgId}/members/invites`, {
        token: w.seller.token,
        body: { email: staffUser.email, role: 'staff' },
      }),
    );
    await ok(h.call('POST', `/api/team/invite/${invite.id}/accept`, { token: staffUser.token, body: {} }));
    const byStaff = await ok<Proposal>(
      create(
        w.seller,
        { purchaser_organization_id: w.other.orgId, lines: [{ product_id: w.mug, quantity: 2 }] },
        staffUser.token,
      ),
    );
    expect((await ok<Proposal>(send(w.seller, byStaff.id, staffUser.token))).status).toBe('sent');
    const list = await ok<{ number: string; status: string }[]>(
      h.call('GET', `${proposals(w.seller)}?status=sent`, { token: staffUser.token }),
    );
    expect(list.map((r) => r.number)).toEqual(['P-1003', 'P-1001']);
  });
});
