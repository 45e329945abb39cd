/**
 * The seller's Invoices (issue 13 item 1): the list by status (open, overdue, paid, void) with
 * totals, mark paid (method and day) and void. Each change reads the list, the totals and the
 * orders again (their Payment Status changed).
 */
import type { InvoiceFilter, InvoiceTotals, MarkInvoicePaidBody, SellerInvoice } from '@cratebase/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath, keysetPaging, withQuery, type Page } from '../../../lib/api';
import { dashboardKeys, invoiceKeys, orderKeys } from '../../../lib/query-keys';

export const INVOICES_PAGE_SIZE = 25;

export function useInvoices(orgId: string, status: InvoiceFilter) {
  return useInfiniteQuery({
    queryKey: invoiceKeys.list(orgId, status),
    queryFn: ({ pageParam }): Promise<Page<SellerInvoice>> =>
      api.getPage<SellerInvoice>(
        withQuery(apiPath`/api/organization/${orgId}/invoices`, {
          status,
          limit: INVOICES_PAGE_SIZE,
          cursor: pageParam,
        }),
      ),
    ...keysetPaging,
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceTotals(orgId: string) {
  return useQuery({
    queryKey: invoiceKeys.totals(orgId),
    queryFn: () => api.get<InvoiceTotals>(apiPath`/api/organization/${orgId}/invoices/totals`),
    enabled: Boolean(orgId),
  });
}

function useInvoiceChange<Vars>(orgId: string, request: (vars: Vars) => Promise<SellerInvoice>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: invoiceKeys.all(orgId) }),
        client.invalidateQueries({ queryKey: orderKeys.all }),
        client.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]);
    },
  });
}

export function useMarkInvoicePaid(orgId: string) {
  return useInvoiceChange(orgId, ({ id, body }: { id: string; body: MarkInvoicePaidBody }) =>
    api.post<SellerInvoice>(apiPath`/api/organization/${orgId}/invoices/${id}/mark-paid`, body),
  );
}

export function useVoidInvoice(orgId: string) {
  return useInvoiceChange(orgId, (id: string) =>
    api.post<SellerInvoice>(apiPath`/api/organization/${orgId}/invoices/${id}/void`),
  );
}
