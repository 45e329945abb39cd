import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PREVIEW_CHECKOUT_MESSAGE, type AddressLink, type Cart } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Org = TestUser & { orgId: string };
const db = () => h.testDb.database.db;

const home = { line1: '5 Elm St', line2: 'Apt 2', city: 'Denver', state: 'CO', postal_code: '80202', country: 'US' };

async function makeCustomer(seller: Org, buyer: Org) {
  const inv = await h.call('POST', '/api/invite/purchaser', {
    token: seller.token,
    body: { to_organization_id: seller.orgId, to_emails: [buyer.email] },
  });
  expect(inv.status).toBe(200);
  expect((await h.call('POST', `/api/invite/purchaser/accept/${inv.body[0].id}`, { token: buyer.token })).status).toBe(
    200,
  );
}

async function readCart(seller: Org, buyer: Org): Promise<Cart> {
  const res = await h.call(
    'GET',
    `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`,
    {
      token: buyer.token,
    },
  );
  expect(res.status).toBe(200);
  return res.body as Cart;
}

async function saveAddress(org: Org, address: Record<string, unknown> = home): Promise<AddressLink> {
  const res = await h.call('POST', '/api/address/organization', {
    token: org.token,
    body: { organization: { id: org.orgId }, address: { first_name: 'Ada', last_name: 'Lovelace', ...address } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AddressLink;
}

/** A seller, a customer of it with a saved address, and the customer's cart's draft order. */
async function checkout() {
  const seller = await h.newOrgUser('Merchant');
  const buyer = await h.newOrgUser('Buyer');
  await makeCustomer(seller, buyer);
  const cart = await readCart(seller, buyer);
  const address = await saveAddress(buyer);
  return { seller, buyer, orderId: cart.order.id, addressId: address.address.id! };
}

const setAddress = (orderId: string, addressId: string, token?: string) =>
  h.call('POST', `/api/order/${orderId}/shipping_address?address_id=${addressId}`, token ? { token } : {});
const setTerms = (orderId: string, body: unknown, token?: string) =>
  h.call('POST', `/api/order/${orderId}/payment_terms`, token ? { token, body } : { body });

describe('POST /api/order/{order_id}/shipping_address', () => {
  it('ships the draft order to a saved address; the cart’s order then carries it', async () => {
    const { seller, buyer, orderId, addressId } = await checkout();
    expect((await readCart(seller, buyer)).order.shipping_address).toBeUndefined();

    const res = await setAddress(orderId, addressId, buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const shipTo = {
      id: addressId,
      first_name: 'Ada',
      last_name: 'Lovelace',
      line1: '5 Elm St',
      line2: 'Apt 2',
      city: 'Denver',
      state: 'CO',
      postal_code: '80202',
    };
    expect(res.body).toEqual({ id: orderId, is_net_30: false, status: 'draft', shipping_address: shipTo });
    expect((await readCart(seller, buyer)).order).toEqual(res.body);

    // Another saved address replaces it.
    const office = await saveAddress(buyer, { line1: '9 Pine Rd', city: 'Boulder', state: 'co', postal_code: '80301' });
    const moved = await setAddress(orderId, office.address.id!, buyer.token);
    expect(moved.status).toBe(200);
    expect(moved.body.shipping_address).toMatchObject({
      id: office.address.id,
      line1: '9 Pine Rd',
      line2: null,
      state: 'CO',
    });
    expect((await readCart(seller, buyer)).order.shipping_address?.id).toBe(office.address.id);
  });

  it('drops the chosen shipping rate when the destination changes, keeps it when it does not', async () => {
    const { buyer, orderId, addressId } = await checkout();
    const other = await saveAddress(buyer, { line1: '1 Oak Ave', city: 'Austin', state: 'TX', postal_code: '73301' });
    expect((await setAddress(orderId, addressId, buyer.token)).status).toBe(200);
    const chooseRate = () =>
      db().execute(sql`
        update orders set shipping_cost_in_cents = 1234, shipping_rate_provider = 'builtin', provider_rate_id = 'r1',
                          shipping_carrier = 'USPS', shipping_service_level = 'usps_ground'
         where id = ${orderId}`);
    const rate = async () =>
      (
        await db().execute<{ cost: number | null; rate: string | null; level: string | null }>(
          sql`select shipping_cost_in_cents as cost, provider_rate_id as rate, shipping_service_level as level
                from orders where id = ${orderId}`,
        )
      ).rows[0];
    await chooseRate();
    expect((await setAddress(orderId, addressId, buyer.token)).status).toBe(200);
    expect(await rate()).toEqual({ cost: 1234, rate: 'r1', level: 'usps_ground' });
    expect((await setAddress(orderId, other.address.id!, buyer.token)).status).toBe(200);
    expect(await rate()).toEqual({ cost: null, rate: null, level: null });
  });

  it.each([
    ['no address_id', 'address_id', (o: string) => `/api/order/${o}/shipping_address`],
    [
      'an address_id that is not an id',
      'address_id',
      (o: string) => `/api/order/${o}/shipping_address?address_id=home`,
    ],
    [
      'an order id that is not an id',
      'order_id',
      () => '/api/order/42/shipping_address?address_id=00000000-0000-4000-8000-000000000000',
    ],
  ])('refuses %s with 400 naming %s', async (_what, field, url) => {
    const { buyer, orderId } = await checkout();
    const res = await h.call('POST', url(orderId), { token: buyer.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('refuses an address of another organization with 404 naming address_id, and changes nothing', async () => {
    const { seller, buyer, orderId, addressId } = await checkout();
    const otherBuyer = await h.newOrgUser('Buyer');
    await makeCustomer(seller, otherBuyer);
    const theirs = await saveAddress(otherBuyer);
    const business = await h.call('POST', `/api/organization/${seller.orgId}/address`, {
      token: seller.token,
      body: home,
    });
    expect(business.status).toBe(200);
    expect((await setAddress(orderId, addressId, buyer.token)).status).toBe(200);
    for (const foreign of [theirs.address.id!, business.body.address.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await setAddress(orderId, foreign, buyer.token);
      expect(res.status).toBe(404);
      expect(res.body.message).toContain('address_id');
      expect(res.body.issues).toEqual([{ path: 'address_id', message: expect.any(String) }]);
    }
    expect((await readCart(seller, buyer)).order.shipping_address?.id).toBe(addressId);
  });

  it('refuses anyone but the buyer’s members: anonymous 401; a stranger, another buyer of the seller and the seller 404', async () => {
    const { seller, buyer, orderId, addressId } = await checkout();
    expect((await setAddress(orderId, addressId)).status).toBe(401);
    const stranger = await h.newOrgUser('Buyer');
    const otherBuyer = await h.newOrgUser('Buyer');
    await makeCustomer(seller, otherBuyer);
    const theirs = await saveAddress(otherBuyer);
    const sellersOwn = await saveAddress(seller);
    for (const [who, addr] of [
      [stranger, addressId],
      [otherBuyer, theirs.address.id!],
      [seller, sellersOwn.address.id!],
      [seller, addressId],
    ] as const) {
      const res = await setAddress(orderId, addr, who.token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Order not found.');
    }
    expect((await readCart(seller, buyer)).order.shipping_address).toBeUndefined();
  });

  it('refuses a submitted order, a closed cart and a View as Buyer preview with 409', async () => {
    const { seller, buyer, orderId, addressId } = await checkout();
    await db().execute(sql`update orders set status = 'submitted' where id = ${orderId}`);
    const submitted = await setAddress(orderId, addressId, buyer.token);
    expect(submitted.status).toBe(409);
    expect(submitted.body).toMatchObject({ error: 'order_submitted', message: expect.stringContaining('order_id') });

    const second = await checkout();
    const cart = await readCart(second.seller, second.buyer);
    // A cart closes in the transaction that submits its order (checkout/settlement.ts), and the
    // order's status is what says so (orders/sql.ts cartOpenSql).
    await db().execute(sql`update orders set status = 'submitted' where id = ${second.orderId}`);
    await db().execute(sql`update carts set status = 'ordered' where id = ${cart.id}`);
    expect((await setAddress(second.orderId, second.addressId, second.buyer.token)).status).toBe(409);

    const preview = await readCart(seller, seller);
    const own = await saveAddress(seller);
    const res = await setAddress(preview.order.id, own.address.id!, seller.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(PREVIEW_CHECKOUT_MESSAGE);
    expect((await readCart(seller, seller)).order.shipping_address).toBeUndefined();
  });

  it('refuses a buyer whose organization no longer buys from the seller (404)', async () => {
    const { seller, buyer, orderId, addressId } = await checkout();
    await db().execute(sql`
      delete from purchasing_relationships
       where seller_organization_id = ${seller.orgId} and purchaser_organization_id = ${buyer.orgId}`);
    expect((await setAddress(orderId, addressId, buyer.token)).status).toBe(404);
  });
});

describe('POST /api/order/{order_id}/payment_terms', () => {
  it('stores net 30 (once the seller gives the customer terms) and back; the cart’s order shows it', async () => {
    const { seller, buyer, orderId } = await checkout();
    expect((await setTerms(orderId, { is_net_30: true }, buyer.token)).status).toBe(409);
    const terms = await h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`, {
      token: seller.token,
      body: { net_days: 30 },
    });
    expect(terms.status).toBe(200);
    const on = await setTerms(orderId, { is_net_30: true }, buyer.token);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ id: orderId, is_net_30: true, status: 'draft' });
    expect((await readCart(seller, buyer)).order.is_net_30).toBe(true);
    expect((await setTerms(orderId, { is_net_30: false }, buyer.token)).body.is_net_30).toBe(false);
    expect((await readCart(seller, buyer)).order.is_net_30).toBe(false);
  });

  it.each([[{ is_net_30: 'yes' }], [{}], [{ is_net_30: true, total: 1 }]])(
    'refuses %j with 400 naming the field',
    async (body) => {
      const { buyer, orderId } = await checkout();
      const res = await setTerms(orderId, body, buyer.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/is_net_30|total|body/);
    },
  );

  it('refuses anonymous (401), a stranger, another buyer and the seller (404), a submitted order (409)', async () => {
    const { seller, buyer, orderId } = await checkout();
    expect((await setTerms(orderId, { is_net_30: true })).status).toBe(401);
    const stranger = await h.newOrgUser('Merchant');
    const otherBuyer = await h.newOrgUser('Buyer');
    await makeCustomer(seller, otherBuyer);
    for (const who of [stranger, otherBuyer, seller]) {
      expect((await setTerms(orderId, { is_net_30: true }, who.token)).status).toBe(404);
    }
    expect((await readCart(seller, buyer)).order.is_net_30).toBe(false);
    await db().execute(sql`update orders set status = 'submitted' where id = ${orderId}`);
    expect((await setTerms(orderId, { is_net_30: true }, buyer.token)).status).toBe(409);
  });
});
