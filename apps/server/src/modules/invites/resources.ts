/** Invites as access-policy resources: an invite id resolves to the inviting (seller) organization. */
import { eq } from 'drizzle-orm';
import { invites } from './schema.js';
import type { ResourceRef } from '../../auth/policies.js';

export function inviteAt(...at: ResourceRef['at']): ResourceRef {
  return {
    resource: 'invite',
    at,
    deny: 404,
    async owners(db, id) {
      const rows = await db.select({ organizationId: invites.organizationId }).from(invites).where(eq(invites.id, id)).limit(1);
      return rows.map((r) => r.organizationId);
    },
  };
}
