import type {
  BankAccount,
  BuiltinLinkSession,
  BuiltinLinkSignedIn,
  BuiltinLinkSuccess,
  LinkToken,
} from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath, withQuery } from '../../../lib/api';

export const bankingKeys = {
  accounts: (orgId: string) => ['banking', orgId, 'accounts'] as const,
};

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
  session: (linkToken: string) => api.post<BuiltinLinkSession>('/api/plaid/builtin/link/session', { link_token: linkToken }),
  signIn: (input: { linkToken: string; institutionId: string; username: string; password: string }) =>
    api.post<BuiltinLinkSignedIn>('/api/plaid/builtin/link/credentials', {
      link_token: input.linkToken,
      institution_id: input.institutionId,
      username: input.username,
      password: input.password,
    }),
  chooseAccounts: (linkToken: string, accountIds: string[]) =>
    api.post<BuiltinLinkSuccess>('/api/plaid/builtin/link/accounts', { link_token: linkToken, account_ids: accountIds }),
};

/** POST /api/plaid/item/public_token/exchange: the widget's public token → the organization's accounts. */
export function useExchangePublicToken(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicToken: string) =>
      api.post<BankAccount[]>('/api/plaid/item/public_token/exchange', { public_token: publicToken, organization_id: orgId }),
    onSuccess: (list) => queryClient.setQueryData(bankingKeys.accounts(orgId), list),
  });
}
