import type {
  CreateInvitesBody,
  Invite,
  OnboardingStatus,
  Organization,
  ProductState,
  Unit,
  UpdateOrganizationBody,
} from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../lib/api';
import { inviteKeys, organizationKeys, productKeys, type ProductLookupKind } from '../../lib/query-keys';

/** GET /api/organization/{id}: the organization with order terms, flags and product count. */
export function fetchOrganization(orgId: string): Promise<Organization> {
  return api.get<Organization>(apiPath`/api/organization/${orgId}`);
}

/** GET /api/organization/{org_id}/onboarding/status. */
export function fetchOnboardingStatus(orgId: string): Promise<OnboardingStatus> {
  return api.get<OnboardingStatus>(apiPath`/api/organization/${orgId}/onboarding/status`);
}

/** PUT /api/organization/{org_id}: the fields that change (order terms, or the slogan). */
export function updateOrganization(orgId: string, body: UpdateOrganizationBody): Promise<Organization> {
  return api.put<Organization>(apiPath`/api/organization/${orgId}`, body);
}

export function useOrganization(orgId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: organizationKeys.detail(orgId ?? ''),
    queryFn: () => fetchOrganization(orgId!),
    enabled: Boolean(orgId) && (options.enabled ?? true),
  });
}

export function useOnboardingStatus(orgId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: organizationKeys.onboardingStatus(orgId ?? ''),
    queryFn: () => fetchOnboardingStatus(orgId!),
    enabled: Boolean(orgId) && (options.enabled ?? true),
  });
}

/** Saving the organization refreshes it and the set-up status (the Configure badge). */
export function useUpdateOrganization(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationBody) => updateOrganization(orgId, body),
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationKeys.detail(orgId), organization);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.onboardingStatus(orgId) });
    },
  });
}

// ─── Sending invites (the invite dialog of the welcome and invites pages) ─────────────

/** POST /api/invite/purchaser. */
export function sendInvites(body: CreateInvitesBody): Promise<Invite[]> {
  return api.post<Invite[]>('/api/invite/purchaser', body);
}

/** Sending invites refreshes the invites list and the set-up status (the Configure badge). */
export function useSendInvites(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) => sendInvites({ to_organization_id: orgId, to_emails: emails }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: inviteKeys.organization(orgId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.onboardingStatus(orgId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.detail(orgId) }),
      ]);
    },
  });
}

// ─── Catalogue lookups (the product form, the CSV import and the package dialog) ─────────────

// The seller area's shared catalogue pieces: product query keys (the products, catalog-import
// and welcome screens refresh the same lists) and the seeded lookup lists (units, states) that
// the product form, the CSV import and the package dialog all show.

/** GET /api/product/state|order_unit|weight_unit|dimension_unit: seeded lists, cached for the session. */
function useLookup<T>(kind: ProductLookupKind) {
  return useQuery({
    queryKey: productKeys.lookup(kind),
    queryFn: () => api.get<T[]>(`/api/product/${kind}`),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export const useProductStates = () => useLookup<ProductState>('state');
export const useOrderUnits = () => useLookup<Unit>('order_unit');
export const useWeightUnits = () => useLookup<Unit>('weight_unit');
export const useDimensionUnits = () => useLookup<Unit>('dimension_unit');
