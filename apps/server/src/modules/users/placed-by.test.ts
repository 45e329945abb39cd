/** Issue 27: the seller sees who placed an order — name, e-mail and phone — on the list and the order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { atPayment, createSession, customerOf, liveProduct, ok, payWith, readySeller } from '../../../test/support/checkout.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('created_by_user on orders', () => {
  it('carries the placing person’s name, e-mail and phone on the seller’s list and order, and the buyer’s', async () => {
    const seller = await readySeller(h);
    const soap = await liveProduct(h, seller, { name: 'Oat Soap', unit_price_in_cents: 1_500 });
    const buyer = await customerOf(h, seller, 'Placed By Shop');
    await ok(h.call('PUT', '/api/user/me', { token: buyer.token, body: { name: 'Rita Retailer', phone: '+1 802 555 0199' } }));
    const { cart } = await atPayment(h, seller, buyer, { [soap]: 10 });
    await ok(payWith(h, buyer, await ok(createSession(h, seller, buyer, cart)), TEST_CARDS.succeeds));

    const expected = { name: 'Rita Retailer', email: buyer.email.toLowerCase(), phone: '+1 802 555 0199' };
    const list = await h.call('GET', `/api/order/organization/${seller.orgId}/selling`, { token: seller.token });
    expect(list.status).toBe(200);
    expect(list.body[0].created_by_user).toEqual(expected);
    const order = await h.call('GET', `/api/order/${cart.order.id}`, { token: seller.token });
    expect(order.body.created_by_user).toEqual(expected);
    const mine = await h.call('GET', `/api/order/organization/${buyer.orgId}/purchasing`, { token: buyer.token });
    expect(mine.body[0].created_by_user).toEqual(expected);
  });
});
