// ── Line sheets (issue 25 part 3) ───────────────────────────────────────────────────────────

/** The seller's line sheets, one sheet, its requests; the public page by its link's token. */
export const lineSheetKeys = {
  all: ['line-sheets'] as const,
  list: (orgId: string) => ['line-sheets', 'list', orgId] as const,
  detail: (id: string) => ['line-sheets', 'detail', id] as const,
  requests: (id: string) => ['line-sheets', 'requests', id] as const,
  /** The seller's products as the picker finds them. */
  productSearch: (orgId: string, q: string) => ['line-sheets', 'product-search', orgId, { q }] as const,
  /** The seller's price lists for the select. */
  priceLists: (orgId: string) => ['line-sheets', 'price-lists', orgId] as const,
  shared: (token: string) => ['line-sheets', 'shared', token] as const,
};
