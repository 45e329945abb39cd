import { z } from 'zod';
import { Uuid } from './common.js';
import { ImageSet, OrganizationType } from './organization.js';
import { InviteEmail } from './invites.js';
import { TEAM_INVITE_ROLES, TEAM_ROLES } from './team-rules.js';

export const TeamRole = z.enum(TEAM_ROLES, { message: `must be one of ${TEAM_ROLES.join(', ')}` });
export type TeamRole = z.infer<typeof TeamRole>;
export const TeamInviteRole = z.enum(TEAM_INVITE_ROLES, { message: `must be one of ${TEAM_INVITE_ROLES.join(', ')}` });
export type TeamInviteRole = z.infer<typeof TeamInviteRole>;

/** A member of an organization as its members see them. `joined_at` is ISO 8601. */
export const TeamMember = z.object({
  user_id: Uuid,
  email: z.string(),
  name: z.string().nullable(),
  role: TeamRole,
  joined_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;
export const TeamMemberList = z.array(TeamMember);

export const TeamMemberParams = z.strictObject({ org_id: Uuid, user_id: Uuid });
export const TeamInviteParams = z.strictObject({ org_id: Uuid, invite_id: Uuid });
export const TeamInviteIdParams = z.strictObject({ invite_id: Uuid });

/** PATCH /api/organization/{org_id}/members/{user_id} */
export const UpdateTeamMemberBody = z.strictObject({ role: TeamRole });
export type UpdateTeamMemberBody = z.infer<typeof UpdateTeamMemberBody>;

/** POST /api/organization/{org_id}/members/invites */
export const CreateTeamInviteBody = z.strictObject({ email: InviteEmail, role: TeamInviteRole });
export type CreateTeamInviteBody = z.infer<typeof CreateTeamInviteBody>;

/** A pending invite to join the team. */
export const TeamInvite = z.object({
  id: Uuid,
  email: z.string(),
  role: TeamInviteRole,
  created_on: z.string(),
});
export type TeamInvite = z.infer<typeof TeamInvite>;
export const TeamInviteList = z.array(TeamInvite);

/**
 * GET /api/team/invite/{invite_id} (no token): what the invitee's page shows — the
 * organization's name, type and image set, the role offered, the address in part.
 */
export const TeamInviteMetadata = z.object({
  organization: z.object({ id: Uuid, name: z.string(), selected_type: OrganizationType, image_set: ImageSet }),
  role: TeamInviteRole,
  /** `j***@example.com`: enough for the invitee to recognise, not to learn the address. */
  email_hint: z.string(),
  accepted: z.boolean(),
});
export type TeamInviteMetadata = z.infer<typeof TeamInviteMetadata>;

/** POST /api/team/invite/{invite_id}/accept: the membership it made (or had made). */
export const AcceptTeamInviteResult = z.object({
  organization: z.object({ id: Uuid, name: z.string(), selected_type: OrganizationType }),
  role: TeamRole,
});
export type AcceptTeamInviteResult = z.infer<typeof AcceptTeamInviteResult>;
