import type { CreateOrganizationBody, CurrentUser, Organization, TeamRole } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api';
import { clearBuyerSignupKeys } from './storage';
import { userQueryKey } from './query-keys';

/** GET /api/user/me; null while the user row does not exist yet (404 user_not_found). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/api/user/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** POST /api/user/create: empty body, idempotent. */
export function createUserAccount(): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/user/create');
}

/**
 * The current user right after a sign-in. POST /api/user/create is idempotent (it creates the
 * user row from the token on a first sign-in, and answers the existing user otherwise), so a
 * new user's first load asks for nothing that is not there yet: no GET /api/user/me that
 * answers 404. When the token cannot create a user (a 4xx: no e-mail claim, say), GET
 * /api/user/me decides, as before.
 */
export async function fetchSignedInUser(): Promise<CurrentUser | null> {
  try {
    return await createUserAccount();
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
      return fetchCurrentUser();
    }
    throw error;
  }
}

/** POST /api/organization. */
export function createOrganization(body: CreateOrganizationBody): Promise<Organization> {
  return api.post<Organization>('/api/organization', body);
}

/**
 * Loads the current user afresh into the cache (after a change that adds an organization or a
 * store), so the next screen routes with it; null when that fails.
 */
export function refreshCurrentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.fetchQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser, staleTime: 0 }).catch(() => null);
}

export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser, enabled: options.enabled ?? true });
}

/**
 * The current user's team role (owner, admin, staff) in one of their organizations; undefined
 * while loading or when they are not a member. Screens hide what the role may not change (the
 * server refuses it anyway).
 */
export function useTeamRole(orgId: string | undefined): TeamRole | undefined {
  const user = useCurrentUser();
  return user.data?.organizations.find((o) => o.id === orgId)?.role;
}

/** Creating an organization refreshes the user and clears the saved invite and org ids. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      clearBuyerSignupKeys();
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
