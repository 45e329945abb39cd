import type { AcceptTeamInviteResult, TeamInviteMetadata } from '@cratebase/contract';
import { api, apiPath } from '../../lib/api';

export const teamInviteMetadataKey = (inviteId: string) => ['team-invite-metadata', inviteId] as const;

/** GET /api/team/invite/{invite_id}: public (the invitee may not be signed in yet). */
export function fetchTeamInviteMetadata(inviteId: string): Promise<TeamInviteMetadata> {
  return api.get<TeamInviteMetadata>(apiPath`/api/team/invite/${inviteId}`);
}

/** POST /api/team/invite/{invite_id}/accept: the signed-in user with the invited e-mail joins. */
export function acceptTeamInvite(inviteId: string): Promise<AcceptTeamInviteResult> {
  return api.post<AcceptTeamInviteResult>(apiPath`/api/team/invite/${inviteId}/accept`);
}
