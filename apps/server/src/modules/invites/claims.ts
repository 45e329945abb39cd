/**
 * Claimed invites: a user who accepts an invite before having an organization (the buyer
 * sign-up runs the accept step first) claims it; their next new organization completes the
 * acceptance. Both sides lock the user's row first, so an accept and an organization creation
 * running at the same moment cannot miss each other (see docs/decisions/003-invite-acceptance.md).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { insertPurchasersSql } from '../../auth/access.js';
import { lockUserEmail } from '../users/service.js';
import { recordCustomerJoinedWebhook } from '../outbound-webhooks/events.js';

/**
 * Serialises accepts and organization creations of one user. Call first in the transaction.
 * Returns the user's e-mail (lower-cased), which an invite must have been sent to.
 */
export async function lockUserForInvites(tx: DbOrTx, userId: string): Promise<string | null> {
  return lockUserEmail(tx, userId);
}

/** An invite belongs to the account whose e-mail it was sent to (any letter case, no surrounding spaces). */
export function inviteSentTo(sendToEmail: string, userEmail: string | null): boolean {
  return userEmail !== null && sendToEmail.trim().toLowerCase() === userEmail;
}

/**
 * Inside the organization-creation transaction: makes `organizationId` a purchaser of every
 * seller whose invite `userId` claimed, and marks those invites accepted. Returns how many.
 * Only invites sent to the user's own e-mail count (a claim recorded before invites were bound
 * to their address, by someone else holding the link, is ignored).
 */
export async function acceptClaimedInvites(tx: DbOrTx, userId: string, organizationId: string): Promise<number> {
  const email = await lockUserForInvites(tx, userId);
  if (email === null) return 0;
  const result = await tx.execute<{ id: string; organization_id: string }>(sql`
    with claimed as (
      select i.id, i.organization_id, i.claimed_on
        from invites i
       where i.claimed_by_user_id = ${userId} and i.accepted_on is null and i.organization_id <> ${organizationId}
         and lower(trim(i.send_to_email)) = ${email}
       for update
    ), relationships as (
      ${insertPurchasersSql(sql`
      select distinct on (c.organization_id) c.organization_id, ${organizationId}::uuid, c.id
        from claimed c
       order by c.organization_id, c.claimed_on, c.id`)}
    )
    update invites set accepted_on = now(), accepted_by_organization_id = ${organizationId}
     where id in (select id from claimed)
    returning id, organization_id`);
  // Each seller's webhooks hear of their new customer (one event per seller).
  for (const sellerId of new Set(result.rows.map((r) => r.organization_id))) {
    await recordCustomerJoinedWebhook(tx, sellerId, organizationId);
  }
  return result.rows.length;
}
