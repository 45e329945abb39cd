/** Products as access-policy resources: a product id resolves to the organization that sells it. */
import { eq } from 'drizzle-orm';
import { products } from './schema.js';
import type { ResourceRef } from '../../auth/policies.js';

/** A product named by id somewhere in the request (removed products still resolve). */
export function productAt(...at: ResourceRef['at']): ResourceRef {
  return {
    resource: 'product',
    at,
    deny: 404,
    async owners(db, id) {
      const rows = await db
        .select({ organizationId: products.organizationId })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      return rows.map((r) => r.organizationId);
    },
  };
}
