/**
 * A store with one customer and a little of everything the routes touch — for tests that walk
 * every route (the authorization walk, the bad-input suite): the seller, a customer that
 * accepted its invite, a Live product, a pending invite to someone else, a package template,
 * the customer's cart with one line, and a saved ship-to address. Every name carries `label`,
 * so a test can search answers for it.
 */
import type { Harness } from './harness.js';
import { ok, type Org } from './checkout.js';

export interface StoreWorld {
  seller: Org;
  customer: Org;
  productId: string;
  /** An invite sent to `{slug}-invitee@example.com`, not accepted. */
  pendingInviteId: string;
  templateId: string;
  cartId: string;
  lineItemId: string;
  /** The customer's draft order (its cart's). */
  orderId: string;
  shipToId: string;
}

/** A Live product of `owner` at $12.34. */
export async function createProduct(h: Harness, owner: Org, name: string): Promise<string> {
  const product = await ok(
    h.call('PUT', '/api/product', {
      token: owner.token,
      body: { name, organization: { id: owner.orgId }, state: { id: 2 }, unit_price_in_cents: 1234 },
    }),
  );
  return product.id;
}

/** `seller` invites `buyer`'s user, who accepts; answers the invite's id. */
export async function inviteAndAccept(h: Harness, seller: Org, buyer: Org): Promise<string> {
  const invites = await ok(
    h.call('POST', '/api/invite/purchaser', {
      token: seller.token,
      body: { to_organization_id: seller.orgId, to_emails: [buyer.email] },
    }),
  );
  await ok(h.call('POST', `/api/invite/purchaser/accept/${invites[0].id}`, { token: buyer.token, body: {} }));
  return invites[0].id;
}

export async function seedStoreWorld(h: Harness, label: string, options: { quantity?: number } = {}): Promise<StoreWorld> {
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const seller = await h.newOrgUser('Merchant', `${label} Sellers`);
  const customer = await h.newOrgUser('Buyer', `${label} Customer`);
  await inviteAndAccept(h, seller, customer);
  const productId = await createProduct(h, seller, `${label} Sauce`);
  const pending = await ok(
    h.call('POST', '/api/invite/purchaser', {
      token: seller.token,
      body: { to_organization_id: seller.orgId, to_emails: [`${slug}-invitee@example.com`] },
    }),
  );
  const template = await ok(
    h.call('POST', '/api/package_template', {
      token: seller.token,
      body: { name: `${label} Box`, height: 1, width: 2, length: 3, dimension_unit: { id: 2 }, organization_id: seller.orgId },
    }),
  );
  const cart = await ok(
    h.call('GET', `/api/cart/selling_organization/${seller.orgId}/purchasing_organization/${customer.orgId}`, {
      token: customer.token,
    }),
  );
  const withLine = await ok(
    h.call('PUT', `/api/cart/${cart.id}/line_item`, {
      token: customer.token,
      body: { product_id: productId, quantity: options.quantity ?? 3 },
    }),
  );
  const shipTo = await ok(
    h.call('POST', '/api/address/organization', {
      token: customer.token,
      body: {
        organization: { id: customer.orgId },
        address: { first_name: label, last_name: 'Customer', line1: `9 ${label} Rd`, city: 'Austin', state: 'TX', postal_code: '73301' },
      },
    }),
  );
  return {
    seller,
    customer,
    productId,
    pendingInviteId: pending[0].id,
    templateId: template.id,
    cartId: cart.id,
    lineItemId: withLine.line_items[0].id,
    orderId: cart.order.id,
    shipToId: shipTo.address.id,
  };
}
