/** Team invites as access-policy resources: an invite id resolves to the inviting organization. */
import { eq } from 'drizzle-orm';
import { teamInvites } from './schema.js';
import type { ResourceRef } from '../../auth/policies.js';

export function teamInviteAt(...at: ResourceRef['at']): ResourceRef {
  return {
    resource: 'team invite',
    at,
    deny: 404,
    async owners(db, id) {
      const rows = await db
        .select({ organizationId: teamInvites.organizationId })
        .from(teamInvites)
        .where(eq(teamInvites.id, id))
        .limit(1);
      return rows.map((r) => r.organizationId);
    },
  };
}
