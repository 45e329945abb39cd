/** Invites as access-policy resources: an invite id resolves to the inviting (seller) organization. */
import { invites } from './schema.js';
import { ownedRowAt, type ResourceRef } from '../../auth/policies.js';

export function inviteAt(...at: ResourceRef['at']): ResourceRef {
  return ownedRowAt('invite', invites, at);
}
