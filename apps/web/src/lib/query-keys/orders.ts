// ── Orders (both sides) ─────────────────────────────────────────────────────────────────────

/** Orders, the seller's and (under `all`) the buyer's: `all` refreshes every order list and detail. */
export const orderKeys = {
  all: ['orders'] as const,
  /** Every list of the seller's orders (searched or not). */
  selling: (orgId: string) => ['orders', 'selling', orgId] as const,
  /** The list searched by order number or PO number prefix (`search`, '' for all). */
  sellingSearch: (orgId: string, search: string) => ['orders', 'selling', orgId, search] as const,
  /** The Orders workspace's list: a tab, the search, the customer and the days (issue 23). */
  sellingFiltered: (orgId: string, filters: Record<string, string>) =>
    ['orders', 'selling', orgId, 'filtered', filters] as const,
  /** The Orders workspace's tab counts. */
  sellingCounts: (orgId: string) => ['orders', 'selling', orgId, 'counts'] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
  /** An order's refunds (seller and buyer views). */
  refunds: (orderId: string) => ['orders', 'refunds', orderId] as const,
};

/** The buyer's orders in one store (under `orderKeys.all`, so refreshing orders refreshes them too). */
export const buyerOrderKeys = {
  list: (buyerId: string, sellerId: string) => ['orders', 'purchasing', buyerId, sellerId] as const,
  /** The disabled list of a user who may not buy in the store. */
  none: ['orders', 'purchasing', null, null] as const,
  detail: orderKeys.detail,
};
