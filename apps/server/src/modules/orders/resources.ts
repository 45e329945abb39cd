/**
 * Orders as access-policy resources. A draft order belongs to its purchasing organization, as
 * its cart does: only that organization's members change it — never the seller's.
 */
import type { ResourceRef } from '../../auth/policies.js';
import { orderPurchaser, orderParties } from './service.js';

/** An order named by id somewhere in the request: its purchasing organization (404 for anyone else). */
export function orderAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'order', at, deny: 404, owners: (db, id) => orderPurchaser(db, id) };
}

/** An order named somewhere in the request, for its seller: the seller (404 for anyone else). */
export function soldOrderAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'sold order', at, deny: 404, owners: (db, id) => orderParties(db, id, 'seller') };
}

/** A submitted order named somewhere in the request: its seller and its buyer (404 for anyone else). */
export function orderPartyAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'placed order', at, deny: 404, owners: (db, id) => orderParties(db, id, 'both') };
}

/** A submitted order named somewhere in the request, for its buyer alone (404 for anyone else, its seller too). */
export function boughtOrderAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'bought order', at, deny: 404, owners: (db, id) => orderParties(db, id, 'buyer') };
}
