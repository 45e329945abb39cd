/** Claims as access-policy resources (issue 23): a claim belongs to the seller of its order. */
import { sql } from 'drizzle-orm';
import type { ResourceRef } from '../../auth/policies.js';
import { orderParties } from '../orders/service.js';

/** A claim named somewhere in the request, for the seller of its order (404 for anyone else). */
export function soldClaimAt(...at: ResourceRef['at']): ResourceRef {
  return {
    resource: 'sold claim',
    at,
    deny: 404,
    owners: async (db, id) => {
      const claim = await db.execute<{ order_id: string }>(sql`select order_id from order_claims where id = ${id}`);
      const orderId = claim.rows[0]?.order_id;
      return orderId ? orderParties(db, orderId, 'seller') : [];
    },
  };
}
