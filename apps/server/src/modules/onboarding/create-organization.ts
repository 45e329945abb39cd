/**
 * Onboarding: "create my organization" as one command above organizations and invites. The
 * organization is created with the caller as its owner, and the invites the caller accepted
 * before having an organization (the buyer sign-up runs the accept step first, invites/claims.ts)
 * make it a purchaser of their sellers — in one transaction, so the organization never exists
 * without the relationships its owner was promised. Organizations itself knows nothing of
 * invites.
 */
import type { CreateOrganizationBody, Organization } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { getOrganization, insertOrganization } from '../organizations/service.js';
import { acceptClaimedInvites } from '../invites/claims.js';

export async function createOrganization(
  ctx: AppContext,
  userId: string,
  input: CreateOrganizationBody,
): Promise<Organization> {
  const id = await ctx.db.transaction(async (tx) => {
    const organizationId = await insertOrganization(tx, userId, input);
    // Invites the user accepted before having an organization now make this one a purchaser.
    await acceptClaimedInvites(tx, userId, organizationId);
    return organizationId;
  });
  return getOrganization(ctx, id);
}
