import type { Invite } from '@cratebase/contract';
import { useQuery } from '@tanstack/react-query';
import { api, apiPath, withQuery } from '../../../lib/api';

/** How many invites step 5's summary counts before it says "25+". */
export const INVITES_COUNTED = 25;

/**
 * GET /api/invite/organization/{org_id}?limit=25: how many invites were sent ("2 invites sent"),
 * and whether there are more. Its own key (the invites lists' keys hold paged data that their
 * updates rewrite), read afresh each time the welcome page opens.
 */
export function useInvitesSent(orgId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['invites-sent', orgId] as const,
    queryFn: async () => {
      const page = await api.getPage<Invite>(
        withQuery(apiPath`/api/invite/organization/${orgId}`, { limit: INVITES_COUNTED }),
      );
      return { count: page.items.length, more: page.nextCursor !== null };
    },
    staleTime: 0,
    enabled: Boolean(orgId) && options.enabled,
  });
}
