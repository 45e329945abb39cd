import type { InvoiceFilter } from '@cratebase/contract';

/**
 * Every react-query key the web client uses, in one place: a screen that must refresh another
 * area's data (an invoice marked paid refreshes the seller's orders and dashboard) names that
 * area's factory here instead of a literal like `['orders']`, so a key's shape changes in one
 * file and a search for a factory finds every reader and writer.
 *
 * How to add keys:
 * - one `const <area>Keys = { … } as const`-style object per area, each entry a function that
 *   returns a readonly tuple (`as const`); the first element names the area, the rest narrow it;
 * - give an area an `all` (or a per-organization prefix such as `organization(orgId)`) when
 *   another screen needs to invalidate everything under it, and invalidate with that entry,
 *   never with a literal array;
 * - keys that share a prefix with another area's (the organization's image set under
 *   `['organization', orgId]`) belong in that area's factory, so that prefix matching stays
 *   visible;
 * - a feature's `api.ts` imports its factory from here; tests may too.
 * Storefront (buyer) keys go in the section at the end.
 */

// ── The signed-in user ──────────────────────────────────────────────────────────────────────

/** Spec section 7: the current user (`GET /api/user/me`) is cached under the key `user`. */
export const userQueryKey = ['user'] as const;

// ── Seller area ─────────────────────────────────────────────────────────────────────────────

export const organizationKeys = {
  all: ['organization'] as const,
  detail: (orgId: string) => ['organization', orgId] as const,
  onboardingStatus: (orgId: string) => ['organization', orgId, 'onboarding-status'] as const,
  /** The organization's logo and banner: under `detail`, so refreshing the organization refreshes it too. */
  imageSet: (orgId: string) => ['organization', orgId, 'image-set'] as const,
};

/** The seller's customer invites (the Invites page, the set-up summary's count). */
export const inviteKeys = {
  all: ['invites'] as const,
  list: (orgId: string, q = '') => ['invites', orgId, { q }] as const,
  organization: (orgId: string) => ['invites', orgId] as const,
  /** The welcome page's "invites sent" count. */
  sent: (orgId: string) => ['invites-sent', orgId] as const,
};

export type ProductLookupKind = 'state' | 'order_unit' | 'weight_unit' | 'dimension_unit';

export const productKeys = {
  all: ['product'] as const,
  lists: (orgId: string) => ['product', 'list', orgId] as const,
  list: (orgId: string, q: string) => ['product', 'list', orgId, { q }] as const,
  detail: (id: string) => ['product', 'detail', id] as const,
  lookup: (kind: ProductLookupKind) => ['product', 'lookup', kind] as const,
};

/** Orders, the seller's and (under `all`) the buyer's: `all` refreshes every order list and detail. */
export const orderKeys = {
  all: ['orders'] as const,
  /** Every list of the seller's orders (searched or not). */
  selling: (orgId: string) => ['orders', 'selling', orgId] as const,
  /** The list searched by order number or PO number prefix (`search`, '' for all). */
  sellingSearch: (orgId: string, search: string) => ['orders', 'selling', orgId, search] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
  /** An order's refunds (seller and buyer views). */
  refunds: (orderId: string) => ['orders', 'refunds', orderId] as const,
};

export const customerKeys = {
  all: ['customers'] as const,
  organization: (orgId: string) => ['customers', orgId] as const,
  list: (orgId: string, q = '') => ['customers', orgId, 'list', { q }] as const,
  detail: (orgId: string, customerId: string) => ['customers', orgId, 'detail', customerId] as const,
  orders: (orgId: string, customerId: string) => ['customers', orgId, 'orders', customerId] as const,
  terms: (orgId: string, customerId: string) => ['customers', orgId, 'terms', customerId] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  of: (orgId: string) => ['dashboard', orgId] as const,
};

export const invoiceKeys = {
  all: (orgId: string) => ['invoices', orgId] as const,
  list: (orgId: string, status: InvoiceFilter) => ['invoices', orgId, 'list', status] as const,
  totals: (orgId: string) => ['invoices', orgId, 'totals'] as const,
};

export const teamKeys = {
  all: (orgId: string) => ['team', orgId] as const,
  members: (orgId: string) => ['team', orgId, 'members'] as const,
  invites: (orgId: string) => ['team', orgId, 'invites'] as const,
};

export const paymentKeys = {
  status: (orgId: string) => ['payments', orgId, 'account-status'] as const,
  session: (orgId: string, account: string) => ['payments', orgId, 'account-session', account] as const,
};

export const bankingKeys = {
  accounts: (orgId: string) => ['banking', orgId, 'accounts'] as const,
  /** One bank-link attempt's session (a new attempt, a new session). */
  linkSession: (orgId: string, attempt: number) => ['banking', orgId, 'link-session', attempt] as const,
};

export const packageTemplateKeys = {
  list: (orgId: string) => ['package-template', orgId] as const,
};

// ── Invites (public metadata) ───────────────────────────────────────────────────────────────

export const inviteMetadataKeys = {
  customer: (inviteId: string) => ['invite-metadata', inviteId] as const,
  team: (inviteId: string) => ['team-invite-metadata', inviteId] as const,
};

// ── Storefront (buyer) area ─────────────────────────────────────────────────────────────────

/**
 * The buyer's open cart in a store. `store(sellerId)` is every cart of that store (a placed
 * order closes the cart: read it afresh); `pair` the one the buyer's organization holds, written
 * only through features/storefront/cart (its last answer is kept beside the cache).
 */
export const cartKeys = {
  store: (sellerId: string) => ['cart', sellerId] as const,
  pair: (sellerId: string, buyerId: string) => ['cart', sellerId, buyerId] as const,
  /** The disabled query of a user who may not buy in the store. */
  none: ['cart', null, null] as const,
};

/** What a buyer reads of a store: its organization, its catalogue pages, a product, the quick-order sheet. */
export const storefrontKeys = {
  all: ['storefront'] as const,
  organization: (orgId: string) => ['storefront', orgId, 'organization'] as const,
  catalogs: (orgId: string) => ['storefront', orgId, 'catalog'] as const,
  catalog: (orgId: string, q: string) => ['storefront', orgId, 'catalog', q] as const,
  product: (productId: string) => ['storefront', 'product', productId] as const,
  sheet: (orgId: string, q: string) => ['storefront', orgId, 'sheet', q] as const,
};

/** The buyer's orders in one store (under `orderKeys.all`, so refreshing orders refreshes them too). */
export const buyerOrderKeys = {
  list: (buyerId: string, sellerId: string) => ['orders', 'purchasing', buyerId, sellerId] as const,
  /** The disabled list of a user who may not buy in the store. */
  none: ['orders', 'purchasing', null, null] as const,
  detail: orderKeys.detail,
};

/**
 * Checkout and payment: the buyer's saved addresses, a draft order's shipping estimates and
 * payment terms, and the card payment's session, embedded checkout and verification. A key that
 * ends in `…rest` names what the answer depends on (the cart's lines, the order's rate), so a
 * change of those reads it afresh; the prefix before them invalidates every such answer.
 */
export const checkoutKeys = {
  savedAddresses: (buyerOrgId: string) => ['address', 'organization', buyerOrgId] as const,
  shippingEstimates: (orderId: string | null, ...rest: unknown[]) => ['shipping-estimates', orderId, ...rest] as const,
  orderPaymentTerms: (orderId: string) => ['order-payment-terms', orderId] as const,
  checkoutSession: (sellerOrgId: string, ...rest: unknown[]) => ['checkout-session', sellerOrgId, ...rest] as const,
  embeddedCheckout: (clientSecret: string) => ['embedded-checkout', clientSecret] as const,
  verifyPayment: (sellerOrgId: string, sessionId: string | null) => ['verify-payment', sellerOrgId, sessionId] as const,
};
