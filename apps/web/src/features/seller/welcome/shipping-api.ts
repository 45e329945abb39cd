import type { AddressInput, AddressLink, PackageTemplate, PackageTemplateInput } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { organizationKeys } from '../api';

export const packageTemplateKeys = {
  list: (orgId: string) => ['package-template', orgId] as const,
};

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
