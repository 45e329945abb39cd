/**
 * Orders as access-policy resources. A draft order belongs to its purchasing organization, as
 * its cart does: only that organization's members change it — never the seller's.
 */
import type { ResourceRef } from '../../auth/policies.js';
import { accessIn } from '../../auth/access.js';
import { refusal } from '../../lib/errors.js';
import { firstOrderNotSoldBy, orderPurchaser, orderParties } from './service.js';

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

/**
 * Orders listed by id in an array of the body (`field`, e.g. the bulk actions' `order_ids`), for
 * the seller in the path parameter `orgParam`: owned by that seller when every one of them is a
 * placed order it sold, else by nobody (404). The reference resolves through the path's
 * organization id (the plugin reads a single id) and checks the whole array in one statement.
 * A member of the seller learns which entry is not one of its orders (404 naming
 * `order_ids.N`); anyone else gets the same 404 as for any other order id, so ids cannot be
 * probed.
 */
export function soldOrdersListedAt(field: string, orgParam = 'org_id'): ResourceRef {
  return {
    resource: 'sold order',
    at: ['params', orgParam],
    deny: 404,
    async owners(db, sellerId, req) {
      const listed = (req.body as Record<string, unknown> | undefined)?.[field];
      const ids = Array.isArray(listed) ? listed.filter((id): id is string => typeof id === 'string') : [];
      if (ids.length === 0 || ids.length !== (listed as unknown[]).length) return [];
      const foreign = await firstOrderNotSoldBy(db, sellerId, ids);
      if (foreign === null) return [sellerId];
      const userId = req.auth?.userId;
      if (userId && (await accessIn(db, userId, [sellerId])).roles.get(sellerId) === 'member') {
        throw refusal('not_found', 'not_found', `${field}.${foreign}`, `${field}.${foreign}: Order not found.`);
      }
      return [];
    },
  };
}
