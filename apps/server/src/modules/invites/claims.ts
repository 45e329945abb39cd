/**
 * Claimed invites: a user who accepts an invite before having an organization (the buyer
 * sign-up runs the accept step first) claims it; their next new organization completes the
 * acceptance. Both sides lock the user's row first, so an accept and an organization creation
 * running at the same moment cannot miss each other (see docs/decisions/003-invite-acceptance.md).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Serialises accepts and organization creations of one user. Call first in the transaction. */
export async function lockUserForInvites(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
}

/**
 * Inside the organization-creation transaction: makes `organizationId` a purchaser of every
 * seller whose invite `userId` claimed, and marks those invites accepted. Returns how many.
 */
export async function acceptClaimedInvites(tx: DbOrTx, userId: string, organizationId: string): Promise<number> {
  await lockUserForInvites(tx, userId);
  const result = await tx.execute<{ id: string }>(sql`
    with claimed as (
      select i.id, i.organization_id, i.claimed_on
        from invites i
       where i.claimed_by_user_id = ${userId} and i.accepted_on is null and i.organization_id <> ${organizationId}
       for update
    ), relationships as (
      insert into purchasing_relationships (seller_organization_id, purchaser_organization_id, invite_id)
      select distinct on (c.organization_id) c.organization_id, ${organizationId}::uuid, c.id
        from claimed c
       order by c.organization_id, c.claimed_on, c.id
      on conflict do nothing
    )
    update invites set accepted_on = now(), accepted_by_organization_id = ${organizationId}
     where id in (select id from claimed)
    returning id`);
  return result.rows.length;
}
