/**
 * Orders the seller writes as access-policy resources: the seller's routes resolve a proposal to
 * its seller; the retailer's resolve it to its retailer — the purchaser, or the organization that
 * accepted the invite sent with it — once sent, and only while that organization buys from the
 * seller (404 for anyone else, drafts included).
 */
import { sql } from 'drizzle-orm';
import type { ResourceRef } from '../../auth/policies.js';
import { purchasingRelationshipsSql } from '../../auth/access.js';
import { resolvedPurchaserSql } from './queries.js';

/** A proposal named by id somewhere in the request, for its seller's members. */
export function proposalAt(...at: ResourceRef['at']): ResourceRef {
  return {
    resource: 'proposal',
    at,
    deny: 404,
    async owners(db, id) {
      const result = await db.execute<{ id: string }>(
        sql`select seller_organization_id as id from order_proposals where id = ${id}`,
      );
      return result.rows.map((r) => r.id);
    },
  };
}

/** A proposal named by id somewhere in the request, for its retailer's members (once sent). */
export function receivedProposalAt(...at: ResourceRef['at']): ResourceRef {
  return {
    resource: 'received proposal',
    at,
    deny: 404,
    async owners(db, id) {
      const result = await db.execute<{ id: string }>(sql`
        select r.purchaser_id as id
          from order_proposals p
          cross join lateral (select ${resolvedPurchaserSql} as purchaser_id) r
         where p.id = ${id} and p.status <> 'draft' and r.purchaser_id is not null
           and exists (select 1 from ${purchasingRelationshipsSql()} pr
                        where pr.seller_organization_id = p.seller_organization_id
                          and pr.purchaser_organization_id = r.purchaser_id)`);
      return result.rows.map((r) => r.id);
    },
  };
}
