import type { AccountSession, ConnectAccount, PaymentAccountStatus, PaymentOnboardingInput } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { organizationKeys } from '../api';

export const paymentKeys = {
  status: (orgId: string) => ['payments', orgId, 'account-status'] as const,
  session: (orgId: string, account: string) => ['payments', orgId, 'account-session', account] as const,
};

/** GET /api/stripe/organization/{org_id}/account-status. */
export function useAccountStatus(orgId: string) {
  return useQuery({
    queryKey: paymentKeys.status(orgId),
    queryFn: () => api.get<PaymentAccountStatus>(apiPath`/api/stripe/organization/${orgId}/account-status`),
    enabled: Boolean(orgId),
  });
}

/** Get Started: POST …/create-connect-account (the same account on every call), then the status again. */
export function useCreateConnectAccount(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ConnectAccount>(apiPath`/api/stripe/organization/${orgId}/create-connect-account`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.status(orgId) });
    },
  });
}

/** POST …/refresh-connect-account: a fresh account session (its client secret, and whose onboarding). */
export function createAccountSession(orgId: string, account: string): Promise<AccountSession> {
  return api.post<AccountSession>(apiPath`/api/stripe/organization/${orgId}/refresh-connect-account`, { account });
}

/**
 * The account session that authorises the embedded onboarding: its client secret, and which
 * onboarding it opens (the built-in form, or Stripe's with the publishable key). Dropped when the
 * form closes: a secret expires, and a new one costs one call.
 */
export function useAccountSession(orgId: string, account: string) {
  return useQuery({
    queryKey: paymentKeys.session(orgId, account),
    queryFn: () => createAccountSession(orgId, account),
    // One secret per visit: a new one only when the form asks (its secret expired).
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export type OnboardingFormBody = Omit<PaymentOnboardingInput, 'client_secret'>;

/**
 * POST …/onboarding (the built-in embedded form). The new status replaces the cached one, and
 * the organization's flags (Welcome step 2, the Configure badge) are read again.
 */
export function useSubmitOnboarding(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { clientSecret: string; form: OnboardingFormBody }) =>
      api.post<PaymentAccountStatus>(apiPath`/api/stripe/organization/${orgId}/onboarding`, {
        ...input.form,
        client_secret: input.clientSecret,
      }),
    onSuccess: async (status) => {
      queryClient.setQueryData(paymentKeys.status(orgId), status);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.detail(orgId) });
    },
  });
}
