import type {
  CreateInvitesBody,
  Invite,
  OnboardingStatus,
  Organization,
  UpdateOrganizationBody,
} from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../lib/api';

export const organizationKeys = {
  all: ['organization'] as const,
  detail: (orgId: string) => ['organization', orgId] as const,
  onboardingStatus: (orgId: string) => ['organization', orgId, 'onboarding-status'] as const,
};

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

export const inviteKeys = {
  all: ['invites'] as const,
  list: (orgId: string, q = '') => ['invites', orgId, { q }] as const,
  organization: (orgId: string) => ['invites', orgId] as const,
};

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
