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
