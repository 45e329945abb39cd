/**
 * The seller's products list (issue 27 §3): the filtered, searched list, the status counts and
 * the bulk status change. The counts live under the lists' key, so every change to the catalog
 * that refreshes the lists refreshes them too.
 */
import type { Product, ProductBulkStateResult, ProductStateCounts } from '@cratebase/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPath, keysetPaging, withQuery } from '../../../lib/api';
import { organizationKeys, productKeys } from '../../../lib/query-keys';
import { PRODUCTS_PAGE_SIZE } from './api';

export const productListKeys = {
  filtered: (orgId: string, q: string, state: string) => [...productKeys.lists(orgId), { q, state }] as const,
  counts: (orgId: string) => [...productKeys.lists(orgId), 'state-counts'] as const,
};

/** GET /api/product/organization/{org_id}?q&state&limit&cursor, newest first; Load more pages. `state` '' is every status. */
export function useFilteredProductList(orgId: string, q: string, state: string) {
  return useInfiniteQuery({
    queryKey: productListKeys.filtered(orgId, q, state),
    queryFn: ({ pageParam, signal }) =>
      api.getPage<Product>(
        withQuery(apiPath`/api/product/organization/${orgId}`, {
          limit: PRODUCTS_PAGE_SIZE,
          q,
          state: state || undefined,
          cursor: pageParam,
        }),
        { signal },
      ),
    ...keysetPaging,
    placeholderData: keepPreviousData,
    enabled: Boolean(orgId),
  });
}

/** GET /api/product/organization/{org_id}/state-counts: the filter's counts. */
export function useProductStateCounts(orgId: string) {
  return useQuery({
    queryKey: productListKeys.counts(orgId),
    queryFn: ({ signal }) => api.get<ProductStateCounts>(apiPath`/api/product/organization/${orgId}/state-counts`, { signal }),
    enabled: Boolean(orgId),
  });
}

/** PUT /api/product/organization/{org_id}/state: one status on the selected products. */
export function useSetProductsState(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productIds: string[]; state: string }) =>
      api.put<ProductBulkStateResult>(apiPath`/api/product/organization/${orgId}/state`, {
        product_ids: input.productIds,
        state: input.state,
      }),
    onSuccess: async (result) => {
      for (const id of result.changed_ids) void queryClient.invalidateQueries({ queryKey: productKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.lists(orgId) }),
        // The set-up steps count Live products.
        queryClient.invalidateQueries({ queryKey: organizationKeys.detail(orgId) }),
      ]);
    },
  });
}
