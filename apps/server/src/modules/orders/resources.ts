/**
 * Orders as access-policy resources. A draft order belongs to its purchasing organization, as
 * its cart does: only that organization's members change it — never the seller's.
 */
import type { ResourceRef } from '../../auth/policies.js';
import { orderPurchaser } from './service.js';

/** An order named by id somewhere in the request: its purchasing organization (404 for anyone else). */
export function orderAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'order', at, deny: 404, owners: (db, id) => orderPurchaser(db, id) };
}
