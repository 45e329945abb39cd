import type {
  AccountSession,
  BankAccount,
  BuiltinLinkSession,
  BuiltinLinkSignedIn,
  BuiltinLinkSuccess,
  ConnectAccount,
  LinkToken,
  PaymentAccountStatus,
  PaymentOnboardingInput,
} from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath, withQuery } from '../../../lib/api';
import { bankingKeys, organizationKeys, paymentKeys } from '../../../lib/query-keys';

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

// ─── Bank accounts for payouts (the banking provider) ─────────────

/** GET /api/plaid/accounts?organization_id=: the organization's bank accounts for payouts. */
export function useBankAccounts(orgId: string) {
  return useQuery({
    queryKey: bankingKeys.accounts(orgId),
    queryFn: () => api.get<BankAccount[]>(withQuery('/api/plaid/accounts', { organization_id: orgId })),
    enabled: Boolean(orgId),
  });
}

/** POST /api/plaid/accounts/{id}/default: the answer (the whole list) replaces the cached one. */
export function useMakeDefaultBankAccount(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => api.post<BankAccount[]>(apiPath`/api/plaid/accounts/${accountId}/default`),
    onSuccess: (list) => queryClient.setQueryData(bankingKeys.accounts(orgId), list),
  });
}

/** GET /api/plaid/link/token/create: a fresh link token each time the widget opens. */
export function createLinkToken(orgId: string): Promise<LinkToken> {
  return api.get<LinkToken>(withQuery('/api/plaid/link/token/create', { organization_id: orgId }));
}

/** The built-in linking widget's calls (authorised by the link token). */
export const builtinLink = {
  session: (linkToken: string) =>
    api.post<BuiltinLinkSession>('/api/plaid/builtin/link/session', { link_token: linkToken }),
  signIn: (input: { linkToken: string; institutionId: string; username: string; password: string }) =>
    api.post<BuiltinLinkSignedIn>('/api/plaid/builtin/link/credentials', {
      link_token: input.linkToken,
      institution_id: input.institutionId,
      username: input.username,
      password: input.password,
    }),
  chooseAccounts: (linkToken: string, accountIds: string[]) =>
    api.post<BuiltinLinkSuccess>('/api/plaid/builtin/link/accounts', {
      link_token: linkToken,
      account_ids: accountIds,
    }),
};

/** POST /api/plaid/item/public_token/exchange: the widget's public token → the organization's accounts. */
export function useExchangePublicToken(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicToken: string) =>
      api.post<BankAccount[]>('/api/plaid/item/public_token/exchange', {
        public_token: publicToken,
        organization_id: orgId,
      }),
    onSuccess: (list) => queryClient.setQueryData(bankingKeys.accounts(orgId), list),
  });
}
