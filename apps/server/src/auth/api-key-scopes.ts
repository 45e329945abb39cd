/**
 * Which /api routes an API key may call, and with which scope: the one table (issue 26). A
 * route not listed here refuses every key (403 api_key_not_allowed) — sign-in, team, payments
 * set-up, API keys and webhooks themselves stay with people. A listed route still runs its
 * own access policy: the key counts as a member (admin) of its organization and of nothing
 * else, so it reaches only that organization's resources (auth/plugin.ts).
 *
 * Keys are `METHOD path` as the route is declared. Listing a scope opens the route to a key
 * with any one of the scopes given. auth/api-keys.test.ts checks every entry names a real
 * route and walks them with another organization's key.
 */
import type { ApiKeyScope } from '@cratebase/contract';

export const API_KEY_ROUTES: Readonly<Record<string, readonly ApiKeyScope[]>> = {
  // ── Orders: read ───────────────────────────────────────────────────────────────
  'GET /api/order/organization/:org_id/selling': ['orders:read'],
  'GET /api/organization/:org_id/orders/counts': ['orders:read'],
  'GET /api/organization/:org_id/orders/export.csv': ['orders:read'],
  'GET /api/order/:order_id': ['orders:read'],
  'GET /api/order/:order_id/refunds': ['orders:read'],
  'GET /api/order/:order_id/packing-slip': ['orders:read', 'fulfillment:write'],
  'GET /api/invoice/:invoice_id': ['orders:read'],
  'GET /api/organization/:org_id/invoices': ['orders:read'],
  'GET /api/organization/:org_id/invoices/totals': ['orders:read'],
  'GET /api/shipping/order/:order_id/estimates': ['orders:read', 'fulfillment:write'],
  // The accounting exports and a customer's statement (modules/accounting).
  'GET /api/organization/:org_id/exports/orders.csv': ['orders:read'],
  'GET /api/organization/:org_id/exports/invoices.csv': ['orders:read'],
  'GET /api/organization/:org_id/exports/refunds.csv': ['orders:read'],
  'GET /api/organization/:org_id/exports/payouts.csv': ['orders:read'],
  'GET /api/organization/:org_id/customers/:purchaser_id/statement.pdf': ['orders:read', 'customers:read'],

  // ── Fulfilment ─────────────────────────────────────────────────────────────────
  'POST /api/organization/:org_id/orders/:order_id/accept': ['fulfillment:write'],
  'POST /api/organization/:org_id/orders/:order_id/shipments': ['fulfillment:write'],
  'POST /api/organization/:org_id/orders/:order_id/delivered': ['fulfillment:write'],
  'POST /api/organization/:org_id/orders/:order_id/unavailable': ['fulfillment:write'],
  'POST /api/order/:order_id/shipping': ['fulfillment:write'],
  'PUT /api/order/:order_id/shipping': ['fulfillment:write'],
  'POST /api/organization/:org_id/orders/packing-slips': ['fulfillment:write'],

  // ── Catalogue ──────────────────────────────────────────────────────────────────
  'GET /api/product/organization/:org_id': ['catalog:read', 'inventory:read'],
  'GET /api/product/:id': ['catalog:read', 'inventory:read'],
  'GET /api/product/organization/:org_id/export': ['catalog:read'],
  'GET /api/product/organization/:org_id/state-counts': ['catalog:read'],
  'PUT /api/product/organization/:org_id/state': ['catalog:write'],
  'PUT /api/product': ['catalog:write'],
  'DELETE /api/product/:id': ['catalog:write'],
  'POST /api/media/:org_id/upload': ['catalog:write'],
  'POST /api/product/organization/:org_id/import/preview': ['catalog:write'],
  'POST /api/product/organization/:org_id/import': ['catalog:write'],

  // ── Inventory ──────────────────────────────────────────────────────────────────
  'POST /api/inventory/transaction': ['inventory:write'],
  'POST /api/organization/:org_id/inventory/sync': ['inventory:write'],

  // ── Customers ──────────────────────────────────────────────────────────────────
  'GET /api/order/organization/:org_id/purchasers': ['customers:read'],
  'GET /api/order/organization/:org_id/purchasers/:id': ['customers:read'],
  'GET /api/order/organization/:org_id/purchasers/:id/payment_terms': ['customers:read'],
  'GET /api/order/organization/:org_id/purchasing_organization/:id': ['customers:read'],
};

/** The scopes that open a route to keys (none: keys are refused there). HEAD is GET's. */
export function apiKeyScopesFor(method: string, url: string): readonly ApiKeyScope[] | undefined {
  return API_KEY_ROUTES[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

/** What a route's OpenAPI description says about API keys (added by app.ts to every non-public operation). */
export function apiKeyNote(method: string, url: string): string {
  const scopes = apiKeyScopesFor(method, url);
  return scopes
    ? `**API keys:** accepted with the scope ${scopes.map((s) => `\`${s}\``).join(' or ')}.`
    : '**API keys:** not accepted (403 `api_key_not_allowed`): sign in as a member.';
}
