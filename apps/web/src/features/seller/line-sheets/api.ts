import type {
  CreateLineSheetBody,
  EmailLineSheetBody,
  EmailLineSheetResult,
  LineSheet,
  LineSheetRequest,
  LineSheetSummary,
  Product,
  UpdateLineSheetBody,
} from '@cratebase/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath, withQuery } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { lineSheetKeys } from '../../../lib/query-keys';

/** GET /api/organization/{org_id}/line-sheets */
export function useLineSheets(orgId: string) {
  return useQuery({
    queryKey: lineSheetKeys.list(orgId),
    queryFn: () => api.get<LineSheetSummary[]>(apiPath`/api/organization/${orgId}/line-sheets`),
    enabled: Boolean(orgId),
  });
}

/** GET /api/line-sheets/{id}: settings, chosen ids and the preview. */
export function useLineSheet(id: string) {
  return useQuery({
    queryKey: lineSheetKeys.detail(id),
    queryFn: () => api.get<LineSheet>(apiPath`/api/line-sheets/${id}`),
    enabled: Boolean(id),
  });
}

export function useLineSheetRequests(id: string) {
  return useQuery({
    queryKey: lineSheetKeys.requests(id),
    queryFn: () => api.get<LineSheetRequest[]>(apiPath`/api/line-sheets/${id}/requests`),
    enabled: Boolean(id),
  });
}

/** The seller's products whose name or SKU holds `q` (the picker): the first 20, newest first. */
export function useProductSearch(orgId: string, q: string) {
  return useQuery({
    queryKey: lineSheetKeys.productSearch(orgId, q),
    queryFn: () =>
      api.get<Product[]>(withQuery(apiPath`/api/product/organization/${orgId}`, { q: q || undefined, limit: 20 })),
    enabled: Boolean(orgId),
    placeholderData: keepPreviousData,
  });
}

/** The seller's price lists (issue 25 part 1) for the select; none when they cannot be read. */
export function usePriceLists(orgId: string) {
  return useQuery({
    queryKey: lineSheetKeys.priceLists(orgId),
    queryFn: async () => {
      try {
        return await api.get<{ id: string; name: string }[]>(apiPath`/api/organization/${orgId}/price_lists`);
      } catch {
        return [];
      }
    },
    enabled: Boolean(orgId),
  });
}

/** A sheet's answer replaces the cached sheet and refreshes the list. */
function useSheetWrite<V>(orgId: string, write: (vars: V) => Promise<LineSheet>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (sheet) => {
      queryClient.setQueryData(lineSheetKeys.detail(sheet.id), sheet);
      await queryClient.invalidateQueries({ queryKey: lineSheetKeys.list(orgId) });
    },
  });
}

export function useCreateLineSheet(orgId: string) {
  return useSheetWrite(orgId, (body: CreateLineSheetBody) =>
    api.post<LineSheet>(apiPath`/api/organization/${orgId}/line-sheets`, body),
  );
}

export function useUpdateLineSheet(orgId: string, id: string) {
  return useSheetWrite(orgId, (body: UpdateLineSheetBody) =>
    api.patch<LineSheet>(apiPath`/api/line-sheets/${id}`, body),
  );
}

export function useSetLineSheetProducts(orgId: string, id: string) {
  return useSheetWrite(orgId, (productIds: string[]) =>
    api.put<LineSheet>(apiPath`/api/line-sheets/${id}/products`, { product_ids: productIds }),
  );
}

export function useShareLineSheet(orgId: string, id: string) {
  return useSheetWrite(orgId, () => api.post<LineSheet>(apiPath`/api/line-sheets/${id}/share`, {}));
}

export function useRevokeLineSheet(orgId: string, id: string) {
  return useSheetWrite(orgId, () => api.delete<LineSheet>(apiPath`/api/line-sheets/${id}/share`));
}

export function useDeleteLineSheet(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(apiPath`/api/line-sheets/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineSheetKeys.list(orgId) }),
  });
}

export function useEmailLineSheet(orgId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: EmailLineSheetBody; key: string }) =>
      api.post<EmailLineSheetResult>(apiPath`/api/line-sheets/${id}/email`, body, {
        headers: { 'Idempotency-Key': key },
      }),
    // Sending shares the sheet: its link is new when it had none.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineSheetKeys.detail(id) }),
  });
}

export function useInviteFromRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      api.post<LineSheetRequest>(apiPath`/api/line-sheets/requests/${requestId}/invite`, {}),
    onSuccess: (request) =>
      queryClient.setQueryData<LineSheetRequest[]>(lineSheetKeys.requests(id), (rows) =>
        rows?.map((row) => (row.id === request.id ? request : row)),
      ),
  });
}

/** GET /api/line-sheets/{id}/pdf with the bearer token, saved as a file. */
export async function downloadLineSheetPdf(id: string): Promise<void> {
  const { blob, filename } = await api.download(apiPath`/api/line-sheets/${id}/pdf`, 'application/pdf');
  saveBlob(blob, filename ?? 'line-sheet.pdf');
}
