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
 * - one file per area (user, seller, orders, invite, storefront, checkout), so a chunk carries only the keys of
 *   the screens in it: the storefront's first paint needs the user's key and its catalogue's,
 *   not the seller area's (the bundle budget counts every byte).
 */
export * from './user';
export * from './seller';
export * from './orders';
export * from './invite';
export * from './storefront';
export * from './checkout';
export * from './price-lists';
export * from './resale-certificates';
export * from './line-sheets';
export * from './proposals';
export * from './integrations';
