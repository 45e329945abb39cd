import type { AddressInput, AddressLink, Invite, PackageTemplate, PackageTemplateInput } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath, withQuery } from '../../../lib/api';
import { inviteKeys, organizationKeys, packageTemplateKeys } from '../../../lib/query-keys';

/** GET /api/package_template/organization/{org_id}. */
export function usePackageTemplates(orgId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: packageTemplateKeys.list(orgId),
    queryFn: () => api.get<PackageTemplate[]>(apiPath`/api/package_template/organization/${orgId}`),
    enabled: Boolean(orgId) && (options.enabled ?? true),
  });
}

/** The body of POST /api/organization/{org_id}/address (country is always US). */
export type ShippingAddressBody = Pick<AddressInput, 'line1' | 'line2' | 'city' | 'state' | 'postal_code'>;
/** The body of POST /api/package_template. */
export type PackageTemplateBody = Omit<PackageTemplateInput, 'name' | 'id'> & { name?: string; id?: string | null };

/** A step of the save that failed, so its message lands on the right fields. */
export class ShippingSaveError extends Error {
  override name = 'ShippingSaveError';
  readonly part: 'address' | 'package';
  readonly reason: unknown;

  constructor(part: 'address' | 'package', reason: unknown) {
    super(reason instanceof Error ? reason.message : 'Saving failed');
    this.part = part;
    this.reason = reason;
  }
}

/**
 * Saves the ship-from address, then the package (POST /api/organization/{org_id}/address,
 * POST /api/package_template), and refreshes the organization and its set-up status (step 6).
 */
export function useSaveShippingDetails(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { address: ShippingAddressBody; packageTemplate: PackageTemplateBody | null }) => {
      let address: AddressLink;
      try {
        address = await api.post<AddressLink>(apiPath`/api/organization/${orgId}/address`, {
          ...input.address,
          country: 'US',
        });
      } catch (error) {
        throw new ShippingSaveError('address', error);
      }
      let template: PackageTemplate | null = null;
      if (input.packageTemplate) {
        try {
          template = await api.post<PackageTemplate>('/api/package_template', input.packageTemplate);
        } catch (error) {
          throw new ShippingSaveError('package', error);
        }
      }
      return { address, template };
    },
    onSettled: async () => {
      // The address may be saved even when the package was not.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.detail(orgId) }),
        queryClient.invalidateQueries({ queryKey: packageTemplateKeys.list(orgId) }),
      ]);
    },
  });
}

// ─── Step 5's summary: invites sent ─────────────

/** How many invites step 5's summary counts before it says "25+". */
export const INVITES_COUNTED = 25;

/**
 * GET /api/invite/organization/{org_id}?limit=25: how many invites were sent ("2 invites sent"),
 * and whether there are more. Its own key (the invites lists' keys hold paged data that their
 * updates rewrite), read afresh each time the welcome page opens.
 */
export function useInvitesSent(orgId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: inviteKeys.sent(orgId),
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
