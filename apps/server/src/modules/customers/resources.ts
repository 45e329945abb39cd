/** Customers as access-policy resources. */
import { buysFrom } from '../../auth/access.js';
import type { ResourceRef } from '../../auth/policies.js';

/**
 * A purchasing organization named by `:id` that buys from the seller named by `:org_id`: it
 * resolves to itself while it buys from that seller, and to nothing otherwise. (A customer's
 * own members may read their orders with the seller; the storefront asks whether they return.)
 */
export function customerOfSellerParam(idParam = 'id', sellerParam = 'org_id'): ResourceRef {
  return {
    resource: 'customer',
    at: ['params', idParam],
    deny: 403,
    async owners(db, id, req) {
      const sellerId = (req.params as Record<string, string>)[sellerParam]!;
      return (await buysFrom(db, id, sellerId)) ? [id] : [];
    },
  };
}
