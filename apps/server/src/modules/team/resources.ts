/** Team invites as access-policy resources: an invite id resolves to the inviting organization. */
import { teamInvites } from './schema.js';
import { ownedRowAt, type ResourceRef } from '../../auth/policies.js';

export function teamInviteAt(...at: ResourceRef['at']): ResourceRef {
  return ownedRowAt('team invite', teamInvites, at);
}
