import type { AcceptTeamInviteResult, InviteMetadata, TeamInviteMetadata } from '@cratebase/contract';
import { api, apiPath, ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api';

/**
 * GET /api/invite/metadata/invite/{invite_id}: the inviting organization's id, name and image
 * set. The only product call made without a token (spec section 1), so plain fetch, not `api`.
 */
export async function fetchInviteMetadata(inviteId: string): Promise<InviteMetadata> {
  let response: Response;
  try {
    response = await fetch(apiPath`/api/invite/metadata/invite/${inviteId}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new ApiError(
      response.status,
      'invite_metadata_failed',
      typeof message === 'string' ? message : 'This invitation could not be found.',
    );
  }
  return body as InviteMetadata;
}

// ─── Team invites ─────────────

/** GET /api/team/invite/{invite_id}: public (the invitee may not be signed in yet). */
export function fetchTeamInviteMetadata(inviteId: string): Promise<TeamInviteMetadata> {
  return api.get<TeamInviteMetadata>(apiPath`/api/team/invite/${inviteId}`);
}

/** POST /api/team/invite/{invite_id}/accept: the signed-in user with the invited e-mail joins. */
export function acceptTeamInvite(inviteId: string): Promise<AcceptTeamInviteResult> {
  return api.post<AcceptTeamInviteResult>(apiPath`/api/team/invite/${inviteId}/accept`);
}
