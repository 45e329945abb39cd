import type { CreateTeamInviteBody, TeamInvite, TeamMember, TeamRole } from '@cratebase/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath, keysetPaging, withQuery, type Page } from '../../../lib/api';
import { teamKeys, userQueryKey } from '../../../lib/query-keys';

/** Rows per page of the members table. */
export const MEMBERS_PAGE_SIZE = 50;
/** Pending invites shown at once (an organization has few). */
export const TEAM_INVITES_LIMIT = 100;

const membersPath = (orgId: string) => apiPath`/api/organization/${orgId}/members`;

/** GET /api/organization/{org_id}/members: newest first; the next cursor comes in x-next-cursor. */
export function fetchMembersPage(orgId: string, cursor: string | undefined): Promise<Page<TeamMember>> {
  return api.getPage<TeamMember>(withQuery(membersPath(orgId), { limit: MEMBERS_PAGE_SIZE, cursor }));
}

/** GET /api/organization/{org_id}/members/invites: pending invites, newest first. */
export async function fetchTeamInvites(orgId: string): Promise<TeamInvite[]> {
  return api.get<TeamInvite[]>(withQuery(`${membersPath(orgId)}/invites`, { limit: TEAM_INVITES_LIMIT }));
}

export function useMembers(orgId: string) {
  return useInfiniteQuery({
    queryKey: teamKeys.members(orgId),
    queryFn: ({ pageParam }) => fetchMembersPage(orgId, pageParam),
    ...keysetPaging,
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
  });
}

export function useTeamInvites(orgId: string) {
  return useQuery({
    queryKey: teamKeys.invites(orgId),
    queryFn: () => fetchTeamInvites(orgId),
    enabled: Boolean(orgId),
  });
}

/** Every change reloads the team (members and pending invites). */
function useTeamMutation<Input, Output>(orgId: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all(orgId) }),
  });
}

/** POST …/members/invites: a pending invite to the address is answered again (no second e-mail). */
export function useInviteMember(orgId: string) {
  return useTeamMutation(orgId, (body: CreateTeamInviteBody) =>
    api.post<TeamInvite>(`${membersPath(orgId)}/invites`, body),
  );
}

/** DELETE …/members/invites/{invite_id}. */
export function useRevokeTeamInvite(orgId: string) {
  return useTeamMutation(orgId, (inviteId: string) =>
    api.delete<void>(apiPath`/api/organization/${orgId}/members/invites/${inviteId}`),
  );
}

/** PATCH …/members/{user_id}. */
export function useChangeRole(orgId: string) {
  return useTeamMutation(orgId, ({ userId, role }: { userId: string; role: TeamRole }) =>
    api.patch<TeamMember>(apiPath`/api/organization/${orgId}/members/${userId}`, { role }),
  );
}

/** DELETE …/members/{user_id}: removing someone, or leaving (the current user's own id). */
export function useRemoveMember(orgId: string) {
  const queryClient = useQueryClient();
  return useTeamMutation(orgId, async (userId: string) => {
    await api.delete<void>(apiPath`/api/organization/${orgId}/members/${userId}`);
    // The user's own organizations (and roles) may have changed.
    await queryClient.invalidateQueries({ queryKey: userQueryKey });
  });
}
