// ── Price lists (issue 25 part 1) ──────────────────────────────────────────────────────────────

/**
 * The seller's price lists, one list's products under it, and the list each customer buys on.
 * Everything of a seller's lists is under `organization(orgId)`: a change of a list's prices
 * or customers refreshes the counts the lists page shows.
 */
export const priceListKeys = {
  organization: (orgId: string) => ['price-lists', orgId] as const,
  list: (orgId: string) => ['price-lists', orgId, 'list'] as const,
  detail: (orgId: string, listId: string) => ['price-lists', orgId, 'detail', listId] as const,
  /** The list editor's products (every search of them). */
  productsOf: (orgId: string, listId: string) => ['price-lists', orgId, 'products', listId] as const,
  products: (orgId: string, listId: string, q: string) => ['price-lists', orgId, 'products', listId, { q }] as const,
  /** The list each customer buys on (a deleted list's customers are back on wholesale). */
  customers: (orgId: string) => ['price-lists', orgId, 'customer'] as const,
  /** The list a customer buys on (the customer page's Price list field). */
  customer: (orgId: string, customerId: string) => ['price-lists', orgId, 'customer', customerId] as const,
};
