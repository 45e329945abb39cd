/**
 * What other modules read of invites in their own one-query reads (a leaf: it imports only
 * drizzle, db/ and other modules' sql.ts; docs/architecture.md → Boundaries).
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * A uuid or null: the organization that accepted the invite whose id is in `inviteId` (null
 * while it is pending). An order the seller wrote for an invited e-mail becomes that
 * organization's (proposals module, issue 25 part 2).
 */
export function inviteAcceptedBySql(inviteId: SQL): SQL {
  return sql`(select i.accepted_by_organization_id from invites i where i.id = ${inviteId})`;
}

/**
 * A SELECT of the ids of the invites of the seller in `sellerId` that the organization in
 * `organizationId` accepted (uses the seller's index of invites).
 */
export function invitesAcceptedFromSellerSql(sellerId: SQL, organizationId: SQL): SQL {
  return sql`select i.id from invites i where i.organization_id = ${sellerId} and i.accepted_by_organization_id = ${organizationId}`;
}
