import type { AcceptProposalResult, DeclineProposalBody, Proposal } from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { cartKeys, proposalKeys } from '../../../lib/query-keys';

const path = (id: string) => apiPath`/api/proposals/${id}`;

/** GET /api/proposals/{id}: an order a seller wrote for the buyer's organization, at its prices. */
export function useReceivedProposal(id: string) {
  return useQuery({
    queryKey: proposalKeys.received(id),
    queryFn: () => api.get<Proposal>(path(id)),
    enabled: Boolean(id),
  });
}

/** GET /api/proposals/selling_organization/{seller}/purchasing_organization/{buyer}: the orders the seller sent it. */
export function useReceivedProposals(sellerId: string, buyerId: string | undefined) {
  return useQuery({
    queryKey: proposalKeys.receivedFrom(sellerId, buyerId ?? ''),
    queryFn: () =>
      api.get<Proposal[]>(
        apiPath`/api/proposals/selling_organization/${sellerId}/purchasing_organization/${buyerId ?? ''}`,
      ),
    enabled: Boolean(sellerId && buyerId),
  });
}

/** A write answered with the proposal replaces the kept one; the list of received orders is read again. */
function useReceivedWrite<V>(id: string, write: (vars: V) => Promise<Proposal>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    scope: { id: `received-proposal-${id}` },
    onSuccess: async (proposal) => {
      queryClient.setQueryData(proposalKeys.received(id), proposal);
      await queryClient.invalidateQueries({
        queryKey: proposalKeys.receivedFromSeller(proposal.seller_organization.id),
      });
    },
  });
}

/** PUT /api/proposals/{id}/lines: one line's new quantity (0 removes it). */
export function useChangeReceivedLine(id: string) {
  return useReceivedWrite(id, (line: { product_id: string; quantity: number }) =>
    api.put<Proposal>(`${path(id)}/lines`, { lines: [line] }),
  );
}

export function useDeclineProposal(id: string) {
  return useReceivedWrite(id, (body: DeclineProposalBody) => api.post<Proposal>(`${path(id)}/decline`, body));
}

/** POST …/accept: the lines go into the buyer's cart in this store at the agreed prices; the cart is read again. */
export function useAcceptProposal(id: string, sellerOrgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The total the buyer sees: prices moved since (its price list changed) → 409 proposal_changed.
    // Read when the call starts: a quantity change still on its way (left its field by clicking
    // Accept) goes first in this scope, and its answer is what the page shows by then.
    mutationFn: () => {
      const shown = queryClient.getQueryData<Proposal>(proposalKeys.received(id));
      return api.post<AcceptProposalResult>(`${path(id)}/accept`, { total_cents: shown?.total_cents });
    },
    scope: { id: `received-proposal-${id}` },
    onSuccess: async (result) => {
      queryClient.setQueryData(proposalKeys.received(id), result.proposal);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKeys.store(sellerOrgId) }),
        queryClient.invalidateQueries({ queryKey: proposalKeys.receivedFromSeller(sellerOrgId) }),
      ]);
    },
    // Refused (prices moved, a line no longer sold): read the order again to show it as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: proposalKeys.received(id) }),
  });
}
