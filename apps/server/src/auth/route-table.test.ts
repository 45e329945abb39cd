/**
 * The route walk: every /api route, called by four kinds of stranger with the real ids of a
 * victim's resources, must answer without a 2xx (or, for routes that name nothing of the
 * victim's, without any of the victim's data), and must leave the victim's data as it was.
 * A Staff member of the victim is refused on every route that takes an owner or admin and
 * passes the member routes; every route that moves money is one of those (MONEY_ROUTES).
 * A new route is walked without anyone writing a test for it: its path parameters are filled
 * from its policy's resource references, and a route with a JSON body fails here until it has
 * a sample body below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createHarness, type Harness, type TestUser } from '../../test/support/harness.js';
import { makeImage, multipartBody } from '../../test/support/media.js';
import { ONBOARDING_FORM, SHIP_FROM } from '../../test/support/checkout.js';
import { describePolicy, policyRefs, type AccessPolicy } from './policies.js';
import { API_KEY_ROUTES, apiKeyScopesFor } from './api-key-scopes.js';
import { API_KEY_SCOPES } from '@cratebase/contract';
import type { RouteEntry } from '../app.js';
import { createProduct, inviteAndAccept, seedStoreWorld } from '../../test/support/world.js';

let h: Harness;
type Org = TestUser & { orgId: string };

/** The victim: a seller with a catalogue, an invite, a template, media and a customer with a cart. */
interface Victim {
  seller: Org;
  customer: Org;
  productId: string;
  /** The customer's cart with the seller, holding one line of the product. */
  cartId: string;
  lineItemId: string;
  /** The cart's draft order, and a saved shipping address of the customer. */
  orderId: string;
  claimId: string;
  addressId: string;
  inviteId: string;
  templateId: string;
  mediaId: string;
  /** The seller's payment account and a client secret of its onboarding form. */
  paymentAccount: string;
  clientSecret: string;
  /** The customer's open checkout session (the order paid by card), by id and by client secret. */
  checkoutSessionId: string;
  checkoutSecret: string;
  /** The placed order's invoice. */
  invoiceId: string;
  /** The seller's linked bank account; a public token not yet exchanged; a live link token signed in at a bank, with its accounts. */
  bankAccountId: string;
  publicToken: string;
  linkToken: string;
  linkAccountIds: string[];
  /** A Staff member of the seller, another Staff member (the walk's target for member changes), a pending team invite. */
  staff: TestUser;
  colleagueId: string;
  teamInviteId: string;
  /** A shared line sheet of the seller, and a store's request to order from it. */
  lineSheetId: string;
  lineSheetRequestId: string;
  /** A resale certificate file the seller uploaded (the customer has a certificate on file too). */
  sellerCertificateFileId: string;
  priceListId: string;
  /** An API key of the seller (the walk's revoke target). */
  apiKeyId: string;
  /** A product with a price on that list (the walk's price-list samples name it). */
  pricedProductId: string;
  /** An order the seller wrote for the customer, sent (issue 25 part 2). */
  proposalId: string;
  /** A webhook endpoint of the seller and a delivery of its test event (issue 26). */
  webhookEndpointId: string;
  webhookDeliveryId: string;
  /** Strings that only the victim's data contains: a response holding one of them leaked. */
  secrets: string[];
}

interface Caller {
  name: string;
  token?: string;
  orgId?: string;
}

let victim: Victim;
let strangers: Caller[];

async function ok<T = any>(res: Promise<{ status: number; body: any }>): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`setup call failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

beforeAll(async () => {
  h = await createHarness();
  // 63 × $12.34 meets the seller's $777 first-order minimum (set below).
  const world = await seedStoreWorld(h, 'Victim Secret', { quantity: 63 });
  const { seller, customer, productId } = world;
  const upload = multipartBody([{ filename: 'logo.png', contentType: 'image/png', data: await makeImage(64, 64) }]);
  const media = await h.app.inject({
    method: 'POST',
    url: `/api/media/${seller.orgId}/upload?purpose=logo`,
    headers: { ...upload.headers, authorization: `Bearer ${seller.token}` },
    payload: upload.body,
  });
  expect(media.statusCode).toBe(200);
  await ok(
    h.call('PUT', `/api/organization/${seller.orgId}`, {
      token: seller.token,
      body: { slogan: 'Victim secret slogan', order_terms: { new_customer_min_cents: 77_700 } },
    }),
  );
  const payments = `/api/stripe/organization/${seller.orgId}`;
  const { account } = await ok(h.call('POST', `${payments}/create-connect-account`, { token: seller.token }));
  const session = await ok(h.call('POST', `${payments}/refresh-connect-account`, { token: seller.token, body: { account } }));
  // The customer at the payment step: the seller takes cards and ships from an address; the
  // order ships to the customer's address at a chosen rate; a checkout session is open.
  await ok(
    h.call('POST', `${payments}/onboarding`, { token: seller.token, body: { ...ONBOARDING_FORM, client_secret: session.client_secret } }),
  );
  await ok(h.call('POST', `/api/organization/${seller.orgId}/address`, { token: seller.token, body: SHIP_FROM }));
  await ok(h.call('POST', `/api/order/${world.orderId}/shipping_address?address_id=${world.shipToId}`, { token: customer.token }));
  const rates = await ok(h.call('GET', `/api/shipping/order/${world.orderId}/estimates`, { token: customer.token }));
  await ok(h.call('POST', `/api/shipping/order/${world.orderId}/rate`, { token: customer.token, body: { rate_id: rates[0].object_id } }));
  const checkout = await ok(h.call('POST', `${payments}/create-checkout-session`, { token: customer.token, body: { cart: { id: world.cartId } } }));
  // The customer pays: the order is placed (its cart closes; the draft routes then answer 409).
  await ok(
    h.call('POST', '/api/payments/checkout/pay', {
      token: customer.token,
      body: { client_secret: checkout.clientSecret, card: { number: '4242424242424242', expiry: '12 / 34', cvc: '123', name: 'Victim Secret', postal_code: '73301' } },
    }),
  );
  // The seller ships it; the customer reports one unit damaged (a claim the seller answers).
  await ok(
    h.call('POST', `/api/organization/${seller.orgId}/orders/${world.orderId}/shipments`, {
      token: seller.token,
      body: { carrier: 'USPS', tracking_number: '9400100000000000000001' },
    }),
  );
  const claimed = await ok(
    h.call('POST', `/api/order/${world.orderId}/claims`, {
      token: customer.token,
      body: { kind: 'damaged', lines: [{ line_item_id: world.lineItemId, quantity: 1 }], note: 'Victim secret crack' },
    }),
  );
  // The seller links a bank (an account), finishes a second link (a public token), and opens a third (a link token).
  const bank = async () => {
    const { link_token } = await ok(h.call('GET', `/api/plaid/link/token/create?organization_id=${seller.orgId}`, { token: seller.token }));
    const signedIn = await ok(
      h.call('POST', '/api/plaid/builtin/link/credentials', {
        token: seller.token,
        body: { link_token, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' },
      }),
    );
    return { link_token: link_token as string, accountIds: signedIn.accounts.map((a: { id: string }) => a.id) as string[] };
  };
  const finish = async (link: { link_token: string; accountIds: string[] }) =>
    (await ok(h.call('POST', '/api/plaid/builtin/link/accounts', { token: seller.token, body: { link_token: link.link_token, account_ids: link.accountIds } })))
      .public_token as string;
  const bankAccounts = await ok(
    h.call('POST', '/api/plaid/item/public_token/exchange', {
      token: seller.token,
      body: { public_token: await finish(await bank()), organization_id: seller.orgId },
    }),
  );
  const publicToken = await finish(await bank());
  const openLink = await bank();
  // The team: two Staff members who joined through team invites, and a pending invite.
  const team = `/api/organization/${seller.orgId}/members`;
  const joinAsStaff = async (email: string) => {
    const user = await h.newUser(email);
    const sent = await ok(h.call('POST', `${team}/invites`, { token: seller.token, body: { email, role: 'staff' } }));
    await ok(h.call('POST', `/api/team/invite/${sent.id}/accept`, { token: user.token, body: {} }));
    return { ...user, id: (await ok(h.call('GET', '/api/user/me', { token: user.token }))).id as string };
  };
  const staff = await joinAsStaff('victim-secret-staff@example.com');
  const colleague = await joinAsStaff('victim-secret-colleague@example.com');
  const teamInvite = await ok(
    h.call('POST', `${team}/invites`, { token: seller.token, body: { email: 'victim-secret-hire@example.com', role: 'admin' } }),
  );
  // A line sheet of the product, shared, with a store's request to order sent from its link.
  const lineSheet = await ok(
    h.call('POST', `/api/organization/${seller.orgId}/line-sheets`, {
      token: seller.token,
      body: { title: 'Victim Secret sheet', product_ids: [productId] },
    }),
  );
  const sharedSheet = await ok(h.call('POST', `/api/line-sheets/${lineSheet.id}/share`, { token: seller.token, body: {} }));
  await ok(
    h.call('POST', `/api/line-sheets/shared/${sharedSheet.share_token}/requests`, {
      body: { store_name: 'Victim Secret Store', contact_name: 'Victim Secret', email: 'victim-secret-store@example.com' },
    }),
  );
  const lineSheetRequests = await ok(h.call('GET', `/api/line-sheets/${lineSheet.id}/requests`, { token: seller.token }));
  // Resale certificates: the customer's on file (the seller reads it), and a file the seller uploaded.
  const certificateFile = async (org: { orgId: string; token: string }) => {
    const form = multipartBody([{ filename: 'certificate.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/organization/${org.orgId}/resale_certificate/files`,
      headers: { ...form.headers, authorization: `Bearer ${org.token}` },
      payload: form.body,
    });
    expect(res.statusCode).toBe(200);
    return res.json().id as string;
  };
  const expiresOn = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  await ok(
    h.call('PUT', `/api/organization/${customer.orgId}/resale_certificate`, {
      token: customer.token,
      body: { state: 'CA', number: 'Victim Secret 7', expires_on: expiresOn, file_id: await certificateFile(customer) },
    }),
  );
  const sellerCertificateFileId = await certificateFile(seller);
  // A price list with a fixed price, the customer on it (on a product of its own: the Staff walk
  // removes the victim's first product).
  const pricedProductId = await createProduct(h, seller, 'Victim Secret Priced');
  const priceList = await ok(
    h.call('POST', `/api/organization/${seller.orgId}/price_lists`, { token: seller.token, body: { name: 'Victim Secret List', percent_off: 15 } }),
  );
  await ok(
    h.call('PUT', `/api/organization/${seller.orgId}/price_lists/${priceList.id}/prices`, {
      token: seller.token,
      body: { prices: [{ product_id: pricedProductId, unit_price_in_cents: 777 }] },
    }),
  );
  await ok(
    h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${customer.orgId}/price_list`, {
      token: seller.token,
      body: { price_list_id: priceList.id },
    }),
  );
  // An order the seller wrote for the customer, sent.
  const proposal = await ok(
    h.call('POST', `/api/organization/${seller.orgId}/proposals`, {
      token: seller.token,
      body: { purchaser_organization_id: customer.orgId, note: 'Victim Secret note', lines: [{ product_id: pricedProductId, quantity: 1 }] },
    }),
  );
  await ok(h.call('POST', `/api/organization/${seller.orgId}/proposals/${proposal.id}/send`, { token: seller.token, body: {} }));
  // A webhook endpoint (nothing listens on port 9: its deliveries fail and wait to be retried) and its test event.
  const webhooks = `/api/organization/${seller.orgId}/webhooks`;
  const webhookEndpoint = await ok(
    h.call('POST', webhooks, {
      token: seller.token,
      body: { url: 'http://127.0.0.1:9/victim-secret-hook', events: ['order.placed'], description: 'Victim Secret ERP' },
    }),
  );
  const webhookDelivery = await ok(h.call('POST', `${webhooks}/${webhookEndpoint.id}/test`, { token: seller.token, body: {} }));
  victim = {
    webhookEndpointId: webhookEndpoint.id,
    webhookDeliveryId: webhookDelivery.id,
    proposalId: proposal.id,
    lineSheetId: lineSheet.id,
    lineSheetRequestId: lineSheetRequests[0].id,
    priceListId: priceList.id,
    pricedProductId,
    sellerCertificateFileId,
    staff,
    colleagueId: colleague.id,
    teamInviteId: teamInvite.id,
    bankAccountId: bankAccounts[0].id,
    publicToken,
    linkToken: openLink.link_token,
    linkAccountIds: openLink.accountIds,
    seller,
    customer,
    productId,
    cartId: world.cartId,
    lineItemId: world.lineItemId,
    orderId: world.orderId,
    claimId: claimed.claims[0].id,
    addressId: world.shipToId,
    inviteId: world.pendingInviteId,
    templateId: world.templateId,
    mediaId: media.json().id,
    paymentAccount: account,
    clientSecret: session.client_secret,
    checkoutSessionId: checkout.session_id,
    checkoutSecret: checkout.clientSecret,
    invoiceId: (
      await h.testDb.database.db.execute<{ id: string }>(sql`select id from invoices where order_id = ${world.orderId}`)
    ).rows[0]!.id,
    apiKeyId: (
      await h.call('POST', `/api/organization/${seller.orgId}/api_keys`, {
        token: seller.token,
        body: { name: 'Victim Secret Key', scopes: ['orders:read'] },
      })
    ).body.id as string,
    secrets: ['Victim Secret', 'victim-secret', 'Victim secret', seller.email, customer.email],
  };

  // The strangers: nobody, an account without an organization, a member of another seller,
  // and a member of a buyer that buys from another seller.
  const noOrg = await h.newUser();
  const otherSeller = await h.newOrgUser('Merchant', 'Other Seller');
  await createProduct(h, otherSeller, 'Other Product');
  const otherBuyer = await h.newOrgUser('Buyer', 'Other Buyer');
  await inviteAndAccept(h, otherSeller, otherBuyer);
  strangers = [
    { name: 'anonymous' },
    { name: 'a user with no organization', token: noOrg.token },
    { name: 'a member of another organization', token: otherSeller.token, orgId: otherSeller.orgId },
    { name: 'a purchaser of another seller', token: otherBuyer.token, orgId: otherBuyer.orgId },
    {
      name: 'an API key of another organization with every scope',
      token: await apiKeyOf(otherSeller, API_KEY_SCOPES),
      orgId: otherSeller.orgId,
    },
  ];
}, 120_000);

afterAll(async () => h?.close());

/** A new API key of the organization with these scopes (its token). */
async function apiKeyOf(owner: Org, scopes: readonly string[]): Promise<string> {
  const created = await h.call('POST', `/api/organization/${owner.orgId}/api_keys`, {
    token: owner.token,
    body: { name: `walk ${scopes.length}`, scopes },
  });
  expect(created.status).toBe(200);
  return created.body.token as string;
}

/** The victim's id for each kind of resource a policy can name. */
function victimIdFor(resource: string): string {
  const ids: Record<string, string> = {
    organization: victim.seller.orgId,
    'API key': victim.apiKeyId,
    product: victim.productId,
    invite: victim.inviteId,
    customer: victim.customer.orgId,
    media: victim.mediaId,
    package_template: victim.templateId,
    cart: victim.cartId,
    'line item': victim.lineItemId,
    order: victim.orderId,
    'checkout session': victim.checkoutSessionId,
    'sold order': victim.orderId,
    'placed order': victim.orderId,
    'bought order': victim.orderId,
    'sold claim': victim.claimId,
    invoice: victim.invoiceId,
    'sold invoice': victim.invoiceId,
    'bought invoice': victim.invoiceId,
    'checkout session secret': victim.checkoutSecret,
    'bank account': victim.bankAccountId,
    'link token': victim.linkToken,
    'team invite': victim.teamInviteId,
    member: victim.colleagueId,
    'line sheet': victim.lineSheetId,
    'line sheet request': victim.lineSheetRequestId,
    'price list': victim.priceListId,
    proposal: victim.proposalId,
    'received proposal': victim.proposalId,
    'webhook endpoint': victim.webhookEndpointId,
    'webhook delivery': victim.webhookDeliveryId,
  };
  const id = ids[resource];
  if (!id) throw new Error(`The route walk has no victim ${resource}: add one in route-table.test.ts`);
  return id;
}

/**
 * Path parameters that the policy does not name (the resource is found through another one):
 * which victim resource fills them, by route.
 */
const UNREFERENCED_PARAMS: Record<string, Record<string, string>> = {
  'GET /api/order/organization/:org_id/purchasers/:id': { id: 'customer' },
  'GET /api/order/organization/:org_id/purchasers/:id/payment_terms': { id: 'customer' },
  'GET /api/order/organization/:org_id/purchasers/:id/price_list': { id: 'customer' },
  'PUT /api/order/organization/:org_id/purchasers/:id/price_list': { id: 'customer' },
  'PUT /api/order/organization/:org_id/purchasers/:id/payment_terms': { id: 'customer' },
  // The store the organization buys from (the service checks that it does).
  'GET /api/organization/:org_id/resale_certificate/sellers/:seller_id': { seller_id: 'organization' },
  'GET /api/order/organization/:org_id/purchasers/:id/resale_certificate': { id: 'customer' },
  'GET /api/order/organization/:org_id/purchasers/:id/resale_certificate/file': { id: 'customer' },
  // The seller's customer whose statement it is (the service answers 404 for anyone else).
  'GET /api/organization/:org_id/customers/:purchaser_id/statement.pdf': { purchaser_id: 'customer' },
  // Accepting is decided by the invite's e-mail (acceptInvite), not by an organization.
  'POST /api/invite/purchaser/accept/:invite_id': { invite_id: 'invite' },
  'POST /api/team/invite/:invite_id/accept': { invite_id: 'team invite' },
  // A member of the organization in :org_id (the service checks who may change whom).
  'PATCH /api/organization/:org_id/members/:user_id': { user_id: 'member' },
  'DELETE /api/organization/:org_id/members/:user_id': { user_id: 'member' },
  // The pair's purchasing organization is the policy's resource; the seller is read from it.
  'GET /api/cart/selling_organization/:selling_organization_id/purchasing_organization/:purchasing_organization_id': {
    selling_organization_id: 'organization',
  },
  // The seller whose orders the customer received (the cart pair's policy, as the cart's read).
  'GET /api/proposals/selling_organization/:selling_organization_id/purchasing_organization/:purchasing_organization_id': {
    selling_organization_id: 'organization',
  },
  // The store (seller) of the cart or session, which the handler checks against the policy's resource.
  'POST /api/stripe/organization/:org_id/create-checkout-session': { org_id: 'organization' },
  'GET /api/stripe/organization/:org_id/verify-payment/:session_id': { org_id: 'organization' },
  // The seller's webhook endpoints and deliveries: the policy names the organization, the
  // service reads the endpoint or delivery of that organization only (404 otherwise).
  ...Object.fromEntries(
    ['GET', 'PATCH', 'DELETE'].map((m) => [`${m} /api/organization/:org_id/webhooks/:endpoint_id`, { endpoint_id: 'webhook endpoint' }]),
  ),
  ...Object.fromEntries(
    ['GET secret', 'POST rotate_secret', 'POST test', 'GET deliveries'].map((r) => {
      const [m, what] = r.split(' ');
      return [`${m} /api/organization/:org_id/webhooks/:endpoint_id/${what}`, { endpoint_id: 'webhook endpoint' }];
    }),
  ),
  'GET /api/organization/:org_id/webhooks/deliveries/:delivery_id': { delivery_id: 'webhook delivery' },
  'POST /api/organization/:org_id/webhooks/deliveries/:delivery_id/redeliver': { delivery_id: 'webhook delivery' },
};

/**
 * Who may move money (README "Team", docs/payments.md "Who may move money"): granting or
 * changing terms, marking invoices paid, voiding them, refunds, the payment set-up and bank
 * accounts take an owner or admin. Named here, so that a guard dropped from one of them fails
 * the walk; a route with "refund" in its path that changes something (not GET: reading an
 * order's refunds is for its members and its buyer) is held to the same rule without being named.
 */
const MONEY_ROUTES = [
  'PUT /api/order/organization/:org_id/purchasers/:id/payment_terms',
  'POST /api/organization/:org_id/invoices/:invoice_id/mark-paid',
  'POST /api/organization/:org_id/invoices/:invoice_id/void',
  'POST /api/organization/:org_id/orders/:order_id/cancel',
  'POST /api/stripe/organization/:org_id/create-connect-account',
  'POST /api/stripe/organization/:org_id/refresh-connect-account',
  'POST /api/stripe/organization/:org_id/onboarding',
  'GET /api/plaid/link/token/create',
  'POST /api/plaid/item/public_token/exchange',
  'POST /api/plaid/accounts/:id/default',
  'POST /api/plaid/builtin/link/session',
  'POST /api/plaid/builtin/link/credentials',
  'POST /api/plaid/builtin/link/accounts',
];
const isMoneyRoute = (route: RouteEntry) =>
  MONEY_ROUTES.includes(`${route.method} ${route.url}`) || (/refund/i.test(route.url) && route.method !== 'GET');

/** Resources that belong to the victim's customer, not to the seller: its cart and its lines. */
const CUSTOMER_RESOURCES = new Set([
  'customer',
  'cart',
  'line item',
  'order',
  'checkout session',
  'checkout session secret',
  'bought invoice',
  'bought order',
  'received proposal',
]);

/** Resources that belong to both the victim and its customer: a placed order. */
const SHARED_RESOURCES = new Set(['placed order', 'invoice']);

function grantsOf(policy: AccessPolicy) {
  return typeof policy === 'string' ? [] : 'anyOf' in policy ? policy.anyOf : [policy];
}

/** A route only the customer's members may use: every grant names one of its resources. */
function belongsToCustomer(policy: AccessPolicy): boolean {
  const grants = grantsOf(policy);
  return grants.length > 0 && grants.every((g) => g.on.some((r) => CUSTOMER_RESOURCES.has(r.resource)));
}

function fillPath(route: RouteEntry): string {
  const refs = policyRefs(route.access as AccessPolicy);
  return route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const ref = refs.find((r) => r.at[0] === 'params' && r.at[1] === name);
    const resource = ref?.resource ?? UNREFERENCED_PARAMS[`${route.method} ${route.url}`]?.[name];
    if (!resource) {
      throw new Error(`${route.method} ${route.url}: say which victim resource fills :${name} (UNREFERENCED_PARAMS)`);
    }
    return victimIdFor(resource);
  });
}

/** A valid body for every route that takes JSON, aimed at the victim's resources. */
function sampleBody(route: RouteEntry): unknown {
  const v = victim;
  const key = `${route.method} ${route.url}`;
  const samples: Record<string, () => unknown> = {
    'POST /api/user/create': () => undefined,
    // The caller's own name and phone: it names nothing of the victim's.
    'PUT /api/user/me': () => ({ name: 'Walker Person', phone: '+1 503 555 0100' }),
    'POST /api/organization': () => ({ selected_type: 'Buyer', name: 'Walker Shop' }),
    'PUT /api/organization/:org_id': () => ({ name: 'Hijacked', slogan: 'Hijacked' }),
    'PUT /api/organization/image_set': () => ({ organization_id: v.seller.orgId, logo: null }),
    'POST /api/organization/:org_id/address': () => ({
      line1: '1 Hijack Way',
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
      country: 'US',
    }),
    'PUT /api/product': () => ({ id: v.productId, name: 'Hijacked', organization: { id: v.seller.orgId } }),
    'PUT /api/product/organization/:org_id/state': () => ({ product_ids: [v.productId], state: 'Archived' }),
    'POST /api/inventory/transaction': () => ({ count: 5, product: { id: v.productId }, inventory_transaction_type: 'add' }),
    'POST /api/organization/:org_id/inventory/sync': () => ({ items: [{ sku: 'VICTIM-SKU-1', inventory_count: 5 }] }),
    'POST /api/package_template': () => ({
      id: v.templateId,
      name: 'Hijacked',
      height: 1,
      width: 1,
      length: 1,
      dimension_unit: { id: 2 },
      organization_id: v.seller.orgId,
    }),
    'POST /api/invite/purchaser': () => ({ to_organization_id: v.seller.orgId, to_emails: ['hijack@example.com'] }),
    'POST /api/invite/resend/:invite_id': () => ({}),
    'POST /api/invite/purchaser/accept/:invite_id': () => ({}),
    'POST /api/organization/:org_id/members/invites': () => ({ email: 'hijack@example.com', role: 'admin' }),
    'PATCH /api/organization/:org_id/members/:user_id': () => ({ role: 'owner' }),
    'POST /api/team/invite/:invite_id/accept': () => ({}),
    'POST /api/cart/:cartId/line_item': () => ({ product_id: v.productId, quantity: 5 }),
    'PUT /api/cart/:cartId/line_item': () => ({ product_id: v.productId, quantity: 4 }),
    'PUT /api/cart/:cartId/line_items': () => ({ lines: [{ product_id: v.productId, quantity: 6 }] }),
    'POST /api/address/organization': () => ({
      organization: { id: v.seller.orgId },
      address: { first_name: 'Hi', last_name: 'Jack', line1: '1 Hijack Way', city: 'Portland', state: 'OR', postal_code: '97201' },
    }),
    'POST /api/order/:order_id/payment_terms': () => ({ is_net_30: true }),
    'POST /api/order/:order_id/po_number': () => ({ po_number: 'PO-1' }),
    'POST /api/order/:order_id/submit-on-terms': () => ({ cart: { total_cents: 1 } }),
    'PUT /api/order/organization/:org_id/purchasers/:id/payment_terms': () => ({ net_days: 60 }),
    'POST /api/organization/:org_id/line-sheets': () => ({ title: 'Hijack sheet', product_ids: [v.productId] }),
    'PATCH /api/line-sheets/:line_sheet_id': () => ({ title: 'Hijacked' }),
    'PUT /api/line-sheets/:line_sheet_id/products': () => ({ product_ids: [v.productId] }),
    'POST /api/line-sheets/:line_sheet_id/email': () => ({ to: 'hijack@example.com' }),
    'POST /api/line-sheets/:line_sheet_id/share': () => ({}),
    'POST /api/line-sheets/requests/:request_id/invite': () => ({}),
    'PUT /api/order/organization/:org_id/purchasers/:id/price_list': () => ({ price_list_id: null }),
    'POST /api/organization/:org_id/proposals': () => ({
      purchaser_organization_id: v.customer.orgId,
      lines: [{ product_id: v.pricedProductId, quantity: 1 }],
    }),
    'PUT /api/organization/:org_id/proposals/:proposal_id/lines': () => ({ lines: [{ product_id: v.pricedProductId, quantity: 2 }] }),
    'PATCH /api/organization/:org_id/proposals/:proposal_id': () => ({ note: 'Hijacked' }),
    'POST /api/organization/:org_id/proposals/:proposal_id/send': () => ({}),
    'POST /api/organization/:org_id/proposals/:proposal_id/cancel': () => ({}),
    'PUT /api/proposals/:proposal_id/lines': () => ({ lines: [{ product_id: v.pricedProductId, quantity: 2 }] }),
    'POST /api/proposals/:proposal_id/accept': () => ({}),
    'POST /api/proposals/:proposal_id/decline': () => ({ reason: 'Hijack' }),
    'POST /api/organization/:org_id/price_lists': () => ({ name: 'Hijack list', percent_off: 90 }),
    'POST /api/organization/:org_id/api_keys': () => ({ name: 'Hijack key', scopes: ['orders:read'] }),
    'POST /api/organization/:org_id/webhooks': () => ({ url: 'https://hijack.example.com/hooks', events: ['order.placed'] }),
    'PATCH /api/organization/:org_id/webhooks/:endpoint_id': () => ({ url: 'https://hijack.example.com/hooks' }),
    'POST /api/organization/:org_id/webhooks/:endpoint_id/rotate_secret': () => ({}),
    'POST /api/organization/:org_id/webhooks/:endpoint_id/test': () => ({}),
    'POST /api/organization/:org_id/webhooks/deliveries/:delivery_id/redeliver': () => ({}),
    'PATCH /api/organization/:org_id/price_lists/:price_list_id': () => ({ percent_off: 99 }),
    'PUT /api/organization/:org_id/price_lists/:price_list_id/prices': () => ({
      prices: [{ product_id: v.pricedProductId, unit_price_in_cents: 1 }],
    }),
    'PUT /api/organization/:org_id/price_lists/:price_list_id/hidden_products': () => ({
      products: [{ product_id: v.pricedProductId, hidden: true }],
    }),
    'PUT /api/organization/:org_id/resale_certificate': () => ({
      state: 'NY',
      number: 'HIJACK-1',
      expires_on: new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10),
      file_id: v.sellerCertificateFileId,
    }),
    'PUT /api/organization/:org_id/resale_certificate_requirement': () => ({ required: true }),
    'POST /api/organization/:org_id/invoices/:invoice_id/mark-paid': () => ({ method: 'check', paid_on: '2025-01-02' }),
    'POST /api/organization/:org_id/orders/:order_id/refunds': () => ({ amount_cents: 100, reason: 'other' }),
    'POST /api/organization/:org_id/orders/packing-slips': () => ({ order_ids: [v.orderId] }),
    'POST /api/organization/:org_id/orders/:order_id/cancel': () => ({ reason: 'other' }),
    'POST /api/organization/:org_id/orders/:order_id/shipments': () => ({ carrier: 'UPS', tracking_number: '1Z999AA10123456784' }),
    'POST /api/organization/:org_id/orders/:order_id/cancellation-request/decline': () => ({ reason: 'Already packed' }),
    'POST /api/order/:order_id/cancel': () => ({}),
    'POST /api/order/:order_id/cancellation-request': () => ({ note: 'Please cancel' }),
    'PUT /api/organization/:org_id/order-settings': () => ({ buyer_cancel_hours: 48 }),
    'POST /api/organization/:org_id/orders/:order_id/unavailable': () => ({
      lines: [{ line_item_id: v.lineItemId, quantity: 1 }],
      restock_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    }),
    'POST /api/order/:order_id/backorders': () => ({ lines: [{ line_item_id: v.lineItemId, choice: 'wait' }] }),
    'POST /api/order/:order_id/claims': () => ({
      kind: 'missing',
      lines: [{ line_item_id: v.lineItemId, quantity: 1 }],
      note: 'Hijack claim',
    }),
    'POST /api/organization/:org_id/orders/:order_id/claims/:claim_id/replacement': () => ({
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
    }),
    'POST /api/organization/:org_id/orders/:order_id/claims/:claim_id/decline': () => ({ reason: 'Hijack' }),
    'POST /api/shipping/order/:order_id/rate': () => ({ rate_id: 'victim-rate' }),
    'POST /api/shipping/order/:order_id/rate-type': () => ({ provider: 'USPS', service_level_token: 'usps_priority' }),
    'POST /api/stripe/organization/:org_id/refresh-connect-account': () => ({ account: v.paymentAccount }),
    'POST /api/stripe/organization/:org_id/create-checkout-session': () => ({ cart: { id: v.cartId } }),
    'POST /api/order/:order_id/shipping': () => ({ carrier: 'USPS', tracking_number: '9400100000000000000000' }),
    'PUT /api/order/:order_id/shipping': () => ({ carrier: 'UPS', tracking_number: '1Z999AA10123456784' }),
    'POST /api/plaid/item/public_token/exchange': () => ({ public_token: v.publicToken, organization_id: v.seller.orgId }),
    'POST /api/plaid/builtin/link/session': () => ({ link_token: v.linkToken }),
    'POST /api/plaid/builtin/link/credentials': () => ({
      link_token: v.linkToken,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    }),
    'POST /api/plaid/builtin/link/accounts': () => ({ link_token: v.linkToken, account_ids: v.linkAccountIds }),
    'POST /api/payments/checkout/session': () => ({ client_secret: v.checkoutSecret }),
    'POST /api/payments/checkout/pay': () => ({
      client_secret: v.checkoutSecret,
      card: { number: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123', name: 'Hi Jack', postal_code: '97201' },
    }),
    'POST /api/payments/checkout/challenge': () => ({ client_secret: v.checkoutSecret, challenge_id: 'chl_0', outcome: 'fail' }),
    'POST /api/stripe/organization/:org_id/onboarding': () => ({
      client_secret: v.clientSecret,
      legal_name: 'Hijack LLC',
      ein: '12-3456789',
      line1: '1 Hijack Way',
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
      first_name: 'Hi',
      last_name: 'Jack',
      date_of_birth: '1980-01-31',
      routing_number: '110000000',
      account_number: '000123456789',
    }),
  };
  const make = samples[key];
  if (!make) throw new Error(`${key} takes a JSON body: add a valid sample aimed at the victim in route-table.test.ts`);
  return make();
}

/** Query parameters a route requires, aimed at the victim's resources. */
function sampleQuery(route: RouteEntry): string {
  const queries: Record<string, () => string> = {
    'POST /api/order/:order_id/shipping_address': () => `?address_id=${victim.addressId}`,
    'GET /api/plaid/link/token/create': () => `?organization_id=${victim.seller.orgId}`,
    'GET /api/plaid/accounts': () => `?organization_id=${victim.seller.orgId}`,
    // Issue 26: the accounting files and the customer statement take a range of days.
    ...Object.fromEntries(
      [
        ...['orders', 'invoices', 'refunds', 'payouts'].map((kind) => `GET /api/organization/:org_id/exports/${kind}.csv`),
        'GET /api/organization/:org_id/customers/:purchaser_id/statement.pdf',
      ].map((key) => [key, () => '?from=2026-01-01&to=2026-12-31']),
    ),
  };
  return queries[`${route.method} ${route.url}`]?.() ?? '';
}

async function callAs(caller: Caller, route: RouteEntry) {
  const url = fillPath(route) + sampleQuery(route);
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  let payload: string | Buffer | undefined;
  if (route.consumes.includes('multipart/form-data') && !route.consumes.includes('text/csv')) {
    const form = multipartBody([{ filename: 'x.png', contentType: 'image/png', data: await makeImage(16, 16) }]);
    Object.assign(headers, form.headers);
    payload = form.body;
  } else if (route.consumes.includes('text/csv')) {
    headers['content-type'] = 'text/csv';
    payload =
      'name,description,sku,upc,order_unit,quantity_per_unit,wholesale_price,retail_price,weight,weight_unit,status,inventory\n' +
      'Hijacked,,HIJ-1,,Case,1,1.00,2.00,1,lb,Draft,1\n';
  } else if (route.hasBody) {
    const body = sampleBody(route);
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  const res = await h.app.inject({ method: route.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
  const victimIds = [
    victim.seller.orgId,
    victim.customer.orgId,
    victim.productId,
    victim.inviteId,
    victim.templateId,
    victim.mediaId,
    victim.cartId,
    victim.lineItemId,
    victim.orderId,
    victim.addressId,
    victim.checkoutSessionId,
    victim.checkoutSecret,
    victim.bankAccountId,
    victim.publicToken,
    victim.linkToken,
    victim.teamInviteId,
    victim.colleagueId,
    victim.lineSheetId,
    victim.lineSheetRequestId,
    victim.proposalId,
    victim.webhookEndpointId,
    victim.webhookDeliveryId,
  ];
  const sent = `${url} ${payload?.toString() ?? ''}`;
  return { url, status: res.statusCode, text: res.body, namesVictim: victimIds.some((id) => sent.includes(id)) };
}

function apiRoutes(): RouteEntry[] {
  return h.app.routeTable.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      r.method !== 'HEAD' &&
      r.access !== 'public' &&
      !r.url.startsWith('/api/docs') &&
      r.url !== '/api/openapi.json',
  );
}

/** The victim's data as its members read it, to compare before and after the walk. */
async function victimSnapshot() {
  const s = victim.seller;
  const read = async (url: string, token = s.token) => (await h.call('GET', url, { token })).body;
  return {
    cart: await read(
      `/api/cart/selling_organization/${s.orgId}/purchasing_organization/${victim.customer.orgId}`,
      victim.customer.token,
    ),
    organization: await read(`/api/organization/${s.orgId}`),
    product: await read(`/api/product/${victim.productId}`),
    products: await read(`/api/product/organization/${s.orgId}`),
    invites: await read(`/api/invite/organization/${s.orgId}`),
    templates: await read(`/api/package_template/organization/${s.orgId}`),
    customers: await read(`/api/order/organization/${s.orgId}/purchasers`),
    imageSet: await read(`/api/organization/${s.orgId}/image_set`),
    addresses: await read(`/api/address/organization/${s.orgId}`),
    customerAddresses: await read(`/api/address/organization/${victim.customer.orgId}`, victim.customer.token),
    members: await read(`/api/organization/${s.orgId}/members`),
    teamInvites: await read(`/api/organization/${s.orgId}/members/invites`),
    paymentTerms: await read(`/api/order/organization/${s.orgId}/purchasers/${victim.customer.orgId}/payment_terms`),
    priceLists: await read(`/api/organization/${s.orgId}/price_lists`),
    // The endpoints and their secret (not the delivery log: the sender moves it).
    webhooks: await read(`/api/organization/${s.orgId}/webhooks`),
    webhookSecret: await read(`/api/organization/${s.orgId}/webhooks/${victim.webhookEndpointId}/secret`),
    // Not the keys' last use or counters: using a key moves them.
    apiKeys: ((await read(`/api/organization/${s.orgId}/api_keys`)).api_keys as { id: string; name: string; revoked_at: string | null }[]).map(
      ({ id, name, revoked_at }) => ({ id, name, revoked_at }),
    ),
    priceListProducts: await read(`/api/organization/${s.orgId}/price_lists/${victim.priceListId}/products`),
    customerPriceList: await read(`/api/order/organization/${s.orgId}/purchasers/${victim.customer.orgId}/price_list`),
    resaleCertificate: await read(`/api/order/organization/${s.orgId}/purchasers/${victim.customer.orgId}/resale_certificate`),
    resaleCertificateRequirement: await read(`/api/organization/${s.orgId}/resale_certificate_requirement`),
    sellerResaleCertificate: await read(`/api/organization/${s.orgId}/resale_certificate`),
    invoiceTotals: await read(`/api/organization/${s.orgId}/invoices/totals`),
    proposal: await read(`/api/organization/${s.orgId}/proposals/${victim.proposalId}`),
  };
}

describe('the route walk', () => {
  it('finds the routes, each with an executable policy', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const r of routes) {
      expect(r.access, `${r.method} ${r.url}`).toBeDefined();
      expect(describePolicy(r.access!)).not.toMatch(/undefined/);
    }
  });

  it('gives no stranger a 2xx or a byte of the victim’s data, and changes nothing', async () => {
    const before = await victimSnapshot();
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      for (const caller of strangers) {
        const res = await callAs(caller, route);
        const where = `${route.method} ${res.url} as ${caller.name} (${describePolicy(route.access!)})`;
        if (!caller.token && res.status !== 401) failures.push(`${where}: ${res.status}, expected 401`);
        // Only a route that names nothing of the victim's may succeed (it answers the caller
        // about itself: user/me, creating one's own organization, the lookup lists).
        if (res.status >= 200 && res.status < 300 && res.namesVictim) {
          failures.push(`${where}: ${res.status} ${res.text.slice(0, 200)}`);
        }
        // A signed-in stranger aimed at the victim's data is refused as such: 403, or 404 for
        // ids that must not be probed — never a validation error that hides the check.
        if (caller.token && res.namesVictim && ![403, 404].includes(res.status)) {
          failures.push(`${where}: ${res.status}, expected 403 or 404`);
        }
        if (res.status >= 500) failures.push(`${where}: ${res.status}`);
        const leaked = victim.secrets.find((secret) => res.text.toLowerCase().includes(secret.toLowerCase()));
        if (leaked) failures.push(`${where}: leaked "${leaked}"`);
      }
    }
    expect(failures).toEqual([]);
    expect(await victimSnapshot()).toEqual(before);
  }, 300_000);

  it('refuses the victim’s own customer on every route its policy keeps to members', async () => {
    const customer: Caller = { name: 'the victim’s customer', token: victim.customer.token, orgId: victim.customer.orgId };
    const before = await victimSnapshot();
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const policy = route.access!;
      const grants = grantsOf(policy);
      // Routes open to purchasers, or to the customer itself (its cart), are for the customer to use.
      const open = grants.some(
        (g) =>
          g.allow.includes('purchaser') ||
          g.on.some((r) => CUSTOMER_RESOURCES.has(r.resource) || SHARED_RESOURCES.has(r.resource)),
      );
      if (typeof policy === 'string' || open) continue;
      const res = await callAs(customer, route);
      if (res.namesVictim && ![403, 404].includes(res.status)) {
        failures.push(`${route.method} ${res.url} (${describePolicy(policy)}): ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await victimSnapshot()).toEqual(before);
  }, 300_000);

  it('refuses the victim seller’s own member on every route that belongs to its customer (the cart)', async () => {
    const seller: Caller = { name: 'the victim seller', token: victim.seller.token, orgId: victim.seller.orgId };
    const before = await victimSnapshot();
    const failures: string[] = [];
    const routes = apiRoutes().filter((r) => belongsToCustomer(r.access!));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const route of routes) {
      const res = await callAs(seller, route);
      if (![403, 404].includes(res.status)) {
        failures.push(`${route.method} ${res.url} (${describePolicy(route.access!)}): ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await victimSnapshot()).toEqual(before);
  }, 300_000);

  it('refuses the victim’s Staff member on every route that takes an owner or admin, and lets it through the member routes', async () => {
    const staff: Caller = { name: 'the victim’s Staff member', token: victim.staff.token, orgId: victim.seller.orgId };
    const failures: string[] = [];
    let adminOnly = 0;
    const routes = apiRoutes()
      .filter((r) => typeof r.access !== 'string' && !belongsToCustomer(r.access!))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const walked = new Set<string>();
    for (const route of routes) {
      // Accepting an invite is a question of e-mails, not of roles.
      if (['/api/invite/purchaser/accept/:invite_id', '/api/team/invite/:invite_id/accept'].includes(route.url)) continue;
      const needsAdmin = grantsOf(route.access!).every((g) => g.minRole === 'admin');
      if (isMoneyRoute(route)) {
        walked.add(`${route.method} ${route.url}`);
        if (!needsAdmin) failures.push(`${route.method} ${route.url} moves money but its policy lets Staff through`);
      }
      const before = needsAdmin ? await victimSnapshot() : undefined;
      const res = await callAs(staff, route);
      const where = `${route.method} ${res.url} (${describePolicy(route.access!)})`;
      if (needsAdmin) {
        adminOnly += 1;
        if (res.status !== 403 || !/^Only an owner or admin can /.test(JSON.parse(res.text).message)) {
          failures.push(`${where}: ${res.status} ${res.text.slice(0, 200)}, expected 403 naming the role`);
        }
        if (JSON.stringify(await victimSnapshot()) !== JSON.stringify(before)) failures.push(`${where}: changed the victim's data`);
      } else if (route.url === '/api/organization/:org_id/members/:user_id' && route.method === 'DELETE') {
        // Staff may leave, not remove a colleague: the service refuses.
        if (res.status !== 403) failures.push(`${where}: ${res.status}, expected 403`);
      } else if ([400, 401, 403].includes(res.status) || res.status >= 500) {
        failures.push(`${where}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // Every money route exists and was walked as Staff (a renamed route must be renamed here too).
    expect(MONEY_ROUTES.filter((key) => !walked.has(key))).toEqual([]);
    expect(adminOnly).toBeGreaterThanOrEqual(12 + 3);
  }, 300_000);

  it('refuses the victim’s own API keys where the key table does not open the route, without the scope, and once revoked', async () => {
    const routes = apiRoutes();
    const tableRoutes = new Set(routes.map((r) => `${r.method} ${r.url}`));
    // Every entry of the table names a real route (a renamed route would silently close to keys).
    expect(Object.keys(API_KEY_ROUTES).filter((entry) => !tableRoutes.has(entry))).toEqual([]);

    const everyScope: Caller = { name: 'the victim’s key with every scope', token: await apiKeyOf(victim.seller, API_KEY_SCOPES), orgId: victim.seller.orgId };
    const ordersOnly: Caller = { name: 'the victim’s orders:read key', token: await apiKeyOf(victim.seller, ['orders:read']), orgId: victim.seller.orgId };
    const revokedToken = await apiKeyOf(victim.seller, API_KEY_SCOPES);
    const keys = (await h.call('GET', `/api/organization/${victim.seller.orgId}/api_keys`, { token: victim.seller.token })).body.api_keys;
    const revokedId = keys.find((k: { masked: string }) => k.masked.endsWith(revokedToken.slice(-4))).id;
    expect((await h.call('DELETE', `/api/organization/${victim.seller.orgId}/api_keys/${revokedId}`, { token: victim.seller.token })).status).toBe(200);
    const revoked: Caller = { name: 'the victim’s revoked key', token: revokedToken, orgId: victim.seller.orgId };
    const before = await victimSnapshot();

    const failures: string[] = [];
    let opened = 0;
    for (const route of routes) {
      const scopes = apiKeyScopesFor(route.method, route.url);
      const expectRefusal = async (caller: Caller, status: number, error: string) => {
        const res = await callAs(caller, route);
        const body = JSON.parse(res.text || '{}') as { error?: string };
        if (res.status !== status || body.error !== error) {
          failures.push(`${route.method} ${res.url} as ${caller.name}: ${res.status} ${res.text.slice(0, 160)}, expected ${status} ${error}`);
        }
      };
      await expectRefusal(revoked, 401, 'invalid_api_key');
      if (!scopes) await expectRefusal(everyScope, 403, 'api_key_not_allowed');
      else if (!scopes.includes('orders:read')) await expectRefusal(ordersOnly, 403, 'api_key_scope_missing');
      else opened++;
    }
    expect(failures).toEqual([]);
    expect(opened).toBeGreaterThanOrEqual(5);
    expect(await victimSnapshot()).toEqual(before);
  }, 300_000);

  it('lets the victim’s own member through every route with the same requests (the samples are valid)', async () => {
    const member: Caller = { name: 'the victim', token: victim.seller.token, orgId: victim.seller.orgId };
    // The customer's cart is for the customer's members only (the seller's are refused above).
    const customer: Caller = { name: 'the victim’s customer', token: victim.customer.token, orgId: victim.customer.orgId };
    const refused: string[] = [];
    const routes = apiRoutes().sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const route of routes) {
      // Only the invited e-mail accepts an invite: not a question of organizations.
      if (['/api/invite/purchaser/accept/:invite_id', '/api/team/invite/:invite_id/accept'].includes(route.url)) continue;
      const res = await callAs(belongsToCustomer(route.access!) ? customer : member, route);
      if ([400, 401, 403].includes(res.status) || res.status >= 500) {
        refused.push(`${route.method} ${res.url}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(refused).toEqual([]);
  }, 300_000);
});
