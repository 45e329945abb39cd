/** Only a path inside the storefront is followed after saving or skipping (never another site). */
export function nextPath(value: string | null): string | null {
  return value && /^\/storefront\/[A-Za-z0-9/_-]*$/.test(value) ? value : null;
}

/** The buyer's resale certificate page; `next` is where to go after (the billing step, the store after sign-up). */
export function resaleCertificatePath(buyerOrgId: string, next?: string): string {
  return `/storefront/resale-certificate/${buyerOrgId}${next ? `?next=${encodeURIComponent(next)}` : ''}`;
}
