// ── Orders the seller writes (issue 25 part 2) ──────────────────────────────────────────────

/**
 * The seller's written orders (`organization(orgId)`: every list of them), one order by id, the
 * builder's searches (catalogue, customers), and the retailer's view of one order it received.
 */
export const proposalKeys = {
  organization: (orgId: string) => ['proposals', orgId] as const,
  lists: (orgId: string) => ['proposals', orgId, 'list'] as const,
  list: (orgId: string, status: string) => ['proposals', orgId, 'list', { status }] as const,
  detail: (orgId: string, proposalId: string) => ['proposals', orgId, 'detail', proposalId] as const,
  /** The builder's catalogue search (the seller's products with their variants). */
  productSearch: (orgId: string, q: string) => ['proposals', orgId, 'product-search', { q }] as const,
  /** The create dialog's customer picker. */
  customerSearch: (orgId: string, q: string) => ['proposals', orgId, 'customer-search', { q }] as const,
  /** The retailer's view of an order it received. */
  received: (proposalId: string) => ['proposals', 'received', proposalId] as const,
  /** The orders a seller sent the retailer (`receivedFromSeller`: every retailer's of that seller). */
  receivedFromSeller: (sellerId: string) => ['proposals', 'received-from', sellerId] as const,
  receivedFrom: (sellerId: string, buyerId: string) => ['proposals', 'received-from', sellerId, buyerId] as const,
};
