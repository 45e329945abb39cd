/** Resale certificates (issue 25 part 5): a retailer's own, a seller's customer's, a seller's requirement. */
export const resaleCertificateKeys = {
  all: ['resale-certificates'] as const,
  own: (orgId: string) => ['resale-certificates', 'own', orgId] as const,
  customer: (sellerId: string, customerId: string) => ['resale-certificates', 'customer', sellerId, customerId] as const,
  requirement: (sellerId: string) => ['resale-certificates', 'requirement', sellerId] as const,
  check: (buyerOrgId: string, storeId: string) => ['resale-certificates', 'check', buyerOrgId, storeId] as const,
};
