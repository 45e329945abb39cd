import type {
  CreateProposalBody,
  Customer,
  Product,
  Proposal,
  ProposalLineInput,
  ProposalPatch,
  ProposalStatus,
  ProposalSummary,
} from '@cratebase/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiPath, keysetPaging, withQuery } from '../../../lib/api';
import { proposalKeys } from '../../../lib/query-keys';

export const PROPOSALS_PAGE_SIZE = 25;
const base = (orgId: string) => apiPath`/api/organization/${orgId}/proposals`;
const one = (orgId: string, id: string) => apiPath`/api/organization/${orgId}/proposals/${id}`;

/** GET …/proposals: the seller's written orders, newest first, optionally of one status. */
export function useProposals(orgId: string, status: ProposalStatus | 'all') {
  return useInfiniteQuery({
    queryKey: proposalKeys.list(orgId, status),
    queryFn: ({ pageParam }) =>
      api.getPage<ProposalSummary>(
        withQuery(base(orgId), {
          status: status === 'all' ? undefined : status,
          limit: PROPOSALS_PAGE_SIZE,
          cursor: pageParam,
        }),
      ),
    ...keysetPaging,
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
  });
}

/** GET …/proposals/{id}: the order priced at the customer's prices less its discount. */
export function useProposal(orgId: string, id: string) {
  return useQuery({
    queryKey: proposalKeys.detail(orgId, id),
    queryFn: () => api.get<Proposal>(one(orgId, id)),
    enabled: Boolean(orgId && id),
  });
}

/** The seller's products whose name or SKU holds `q`, with their variants (the builder's search). */
export function useProposalProductSearch(orgId: string, q: string) {
  return useQuery({
    queryKey: proposalKeys.productSearch(orgId, q),
    queryFn: () =>
      api.get<Product[]>(withQuery(apiPath`/api/product/organization/${orgId}`, { q: q || undefined, limit: 10 })),
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
  });
}

/** The seller's customers whose name holds `q` (the create dialog's picker): the first 20. */
export function useCustomerSearch(orgId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: proposalKeys.customerSearch(orgId, q),
    queryFn: () =>
      api.get<Customer[]>(
        withQuery(apiPath`/api/order/organization/${orgId}/purchasers`, { q: q || undefined, limit: 20 }),
      ),
    enabled: Boolean(orgId) && enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every write of one order runs in one mutation scope, one after another: a quantity or discount
 * left by pressing Send is saved before the order is sent.
 */
const writesOf = (id: string) => `proposal-${id}`;

/** A write answered with the proposal: it replaces the cached one and the lists are read again. */
function useProposalWrite<V>(orgId: string, write: (vars: V) => Promise<Proposal>, scope?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    ...(scope ? { scope: { id: scope } } : {}),
    onSuccess: async (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(orgId, proposal.id), proposal);
      await queryClient.invalidateQueries({ queryKey: proposalKeys.lists(orgId) });
    },
  });
}

export function useCreateProposal(orgId: string) {
  return useProposalWrite(orgId, (body: CreateProposalBody) => api.post<Proposal>(base(orgId), body));
}

/**
 * PUT …/lines with the lines `edit` makes of the saved ones. Edits run one after another (the
 * order's scope), each from the answer of the one before, so quick changes never undo each other.
 */
export function useEditProposalLines(orgId: string, id: string) {
  const queryClient = useQueryClient();
  return useProposalWrite(
    orgId,
    (edit: (lines: ProposalLineInput[]) => ProposalLineInput[]) => {
      const saved = queryClient.getQueryData<Proposal>(proposalKeys.detail(orgId, id));
      const lines = (saved?.lines ?? []).map((l) => ({ product_id: l.product_id, quantity: l.quantity }));
      return api.put<Proposal>(`${one(orgId, id)}/lines`, { lines: edit(lines) });
    },
    writesOf(id),
  );
}

export function useUpdateProposal(orgId: string, id: string) {
  return useProposalWrite(orgId, (patch: ProposalPatch) => api.patch<Proposal>(one(orgId, id), patch), writesOf(id));
}

export function useSendProposal(orgId: string, id: string) {
  return useProposalWrite(orgId, () => api.post<Proposal>(`${one(orgId, id)}/send`, {}), writesOf(id));
}

export function useCancelProposal(orgId: string, id: string) {
  return useProposalWrite(orgId, () => api.post<Proposal>(`${one(orgId, id)}/cancel`, {}), writesOf(id));
}

/** True while a write of the order is on its way or waiting for the one before it. */
export function useProposalSaving(id: string): boolean {
  return useIsMutating({ predicate: (m) => m.options.scope?.id === writesOf(id) }) > 0;
}
