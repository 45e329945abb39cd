/** Claims as access-policy resources (issue 23): a claim belongs to the seller of its order. */
import { sql } from 'drizzle-orm';
import type { ResourceRef } from '../../auth/policies.js';

/** A claim named somewhere in the request, for the seller of its order (404 for anyone else). */
export function soldClaimAt(...at: ResourceRef['at']): ResourceRef {
  return {
    resource: 'sold claim',
    at,
    deny: 404,
    owners: async (db, id) =>
      (
        await db.execute<{ id: string }>(sql`
          select o.selling_organization_id as id
            from order_claims c join orders o on o.id = c.order_id
           where c.id = ${id}`)
      ).rows.map((r) => r.id),
  };
}
