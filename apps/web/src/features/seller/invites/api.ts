import type { Invite } from '@cratebase/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api, apiPath, keysetPaging, withQuery, type Page } from '../../../lib/api';
import { inviteKeys } from '../../../lib/query-keys';

/** Rows per page of the invites table. */
export const INVITES_PAGE_SIZE = 25;

/** GET /api/invite/organization/{org_id}: newest first; the next cursor comes in x-next-cursor. */
export function fetchInvitesPage(orgId: string, cursor: string | undefined, q = ''): Promise<Page<Invite>> {
  return api.getPage<Invite>(
    withQuery(apiPath`/api/invite/organization/${orgId}`, {
      limit: INVITES_PAGE_SIZE,
      cursor,
      q: q.trim() || undefined,
    }),
  );
}

/** POST /api/invite/resend/{invite_id}: 429 when sent less than a minute ago, 409 once accepted. */
export function resendInvite(inviteId: string): Promise<Invite> {
  return api.post<Invite>(apiPath`/api/invite/resend/${inviteId}`);
}

export function useInvites(orgId: string, q = '') {
  return useInfiniteQuery({
    queryKey: inviteKeys.list(orgId, q.trim()),
    queryFn: ({ pageParam }) => fetchInvitesPage(orgId, pageParam, q),
    ...keysetPaging,
    enabled: Boolean(orgId),
    // While a new search loads, keep showing the previous rows instead of a skeleton.
    placeholderData: keepPreviousData,
  });
}

/** Re-sending updates the row in place; a 409 (accepted meanwhile) reloads the list. */
export function useResendInvite(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    onSuccess: (invite) => {
      queryClient.setQueriesData<InfiniteData<Page<Invite>>>({ queryKey: inviteKeys.organization(orgId) }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((row) => (row.id === invite.id ? invite : row)),
              })),
            }
          : data,
      );
    },
    onError: async (error) => {
      if ((error as { status?: number }).status === 409) {
        await queryClient.invalidateQueries({ queryKey: inviteKeys.organization(orgId) });
      }
    },
  });
}
