import type { CreateLineSheetRequestBody, SharedLineSheet } from '@cratebase/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../lib/api';
import { lineSheetKeys } from '../../lib/query-keys';

/** GET /api/line-sheets/shared/{token}: no account needed; 404 for a revoked or unknown link. */
export function useSharedLineSheet(token: string) {
  return useQuery({
    queryKey: lineSheetKeys.shared(token),
    queryFn: () => api.get<SharedLineSheet>(apiPath`/api/line-sheets/shared/${token}`),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

/** POST …/requests with the form's Idempotency-Key: a retry after a lost answer is stored once. */
export function useRequestToOrder(token: string) {
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateLineSheetRequestBody; key: string }) =>
      api.post<{ received: true }>(apiPath`/api/line-sheets/shared/${token}/requests`, body, {
        headers: { 'Idempotency-Key': key },
      }),
  });
}

/** The shared PDF (no token): a plain link. */
export const sharedPdfPath = (token: string) => apiPath`/api/line-sheets/shared/${token}/pdf`;
