/**
 * API keys (issue 26): what a key may do. Zod-free, so the web client's settings screen can
 * list the scopes without the schema library.
 *
 * A key belongs to one organization and acts there with the scopes it was given, on the same
 * /api routes a signed-in member uses (bearer `cb_live_…`). Which route takes which scope is the
 * server's table (apps/server/src/auth/api-key-scopes.ts); a route not in it refuses every key.
 */
export const API_KEY_SCOPES = [
  'orders:read',
  'fulfillment:write',
  'catalog:read',
  'catalog:write',
  'inventory:read',
  'inventory:write',
  'customers:read',
] as const;
type Scope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do, as the settings screen and the docs say it. */
export const API_KEY_SCOPE_LABELS: Record<Scope, { title: string; detail: string }> = {
  'orders:read': {
    title: 'Read orders',
    detail: 'Orders, their invoices, refunds and packing slips, order counts, CSV and accounting exports',
  },
  'fulfillment:write': {
    title: 'Fulfil orders',
    detail: 'Accept orders, add shipments with tracking, mark delivered, report items unavailable',
  },
  'catalog:read': { title: 'Read catalog', detail: 'Products, variants, prices and the catalog export' },
  'catalog:write': { title: 'Change catalog', detail: 'Create, update and archive products; upload photos; import CSV' },
  'inventory:read': { title: 'Read inventory', detail: 'Stock counts of every product and variant' },
  'inventory:write': { title: 'Change inventory', detail: 'Record stock changes and sync stock by SKU' },
  'customers:read': { title: 'Read customers', detail: 'Retailers who buy from you, with their orders and terms' },
};

export const API_KEY_LIMITS = {
  name: 80,
  /** Keys not revoked, per organization. */
  activePerOrganization: 25,
} as const;

/** Every key starts with this, so a leaked one is recognisable (secret scanners match on it). */
export const API_KEY_PREFIX = 'cb_live_';

/** How a key is shown once created: its prefix and last four characters. */
export function maskedApiKey(last4: string): string {
  return `${API_KEY_PREFIX}…${last4}`;
}
