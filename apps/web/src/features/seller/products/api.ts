import type { InventoryTransaction, Product, ProductInput, ProductState, Unit } from '@cratebase/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, apiPath, keysetPaging, withQuery } from '../../../lib/api';
import { organizationKeys } from '../api';

/** Rows per page of the merchant product list. */
export const PRODUCTS_PAGE_SIZE = 25;

export const productKeys = {
  all: ['product'] as const,
  lists: (orgId: string) => ['product', 'list', orgId] as const,
  list: (orgId: string, q: string) => ['product', 'list', orgId, { q }] as const,
  detail: (id: string) => ['product', 'detail', id] as const,
  lookup: (kind: LookupKind) => ['product', 'lookup', kind] as const,
};

export type LookupKind = 'state' | 'order_unit' | 'weight_unit' | 'dimension_unit';

/** GET /api/product/state|order_unit|weight_unit|dimension_unit: seeded lists, cached for the session. */
function useLookup<T>(kind: LookupKind) {
  return useQuery({
    queryKey: productKeys.lookup(kind),
    queryFn: () => api.get<T[]>(`/api/product/${kind}`),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export const useProductStates = () => useLookup<ProductState>('state');
export const useOrderUnits = () => useLookup<Unit>('order_unit');
export const useWeightUnits = () => useLookup<Unit>('weight_unit');
export const useDimensionUnits = () => useLookup<Unit>('dimension_unit');

/** GET /api/product/organization/{org_id}?q&limit&cursor, newest first; Load more pages. */
export function useProductList(orgId: string, q: string) {
  return useInfiniteQuery({
    queryKey: productKeys.list(orgId, q),
    queryFn: ({ pageParam, signal }) =>
      api.getPage<Product>(
        withQuery(apiPath`/api/product/organization/${orgId}`, { limit: PRODUCTS_PAGE_SIZE, q, cursor: pageParam }),
        { signal },
      ),
    ...keysetPaging,
    placeholderData: keepPreviousData,
    enabled: Boolean(orgId),
  });
}

/** GET /api/product/{id} (never for "add"). */
export function useProduct(productId: string | undefined, options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({
    queryKey: productKeys.detail(productId ?? ''),
    queryFn: () => api.get<Product>(apiPath`/api/product/${productId!}`),
    enabled: Boolean(productId),
    refetchOnMount: options.refetchOnMount ?? true,
  });
}

/** After a change to the catalogue: the lists, the set-up status (step 3) and the organization. */
async function refreshCatalogue(queryClient: QueryClient, orgId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.lists(orgId) }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.detail(orgId) }),
  ]);
}

/** PUT /api/product: create (no id) or update. */
export function useSaveProduct(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => api.put<Product>('/api/product', input),
    onSuccess: async (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      await refreshCatalogue(queryClient, orgId);
    },
  });
}

/** DELETE /api/product/{id}: out of the catalogue (carts and orders keep it). */
export function useDeleteProduct(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => api.delete<Product>(apiPath`/api/product/${productId}`),
    onSuccess: async (_product, productId) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(productId) });
      await refreshCatalogue(queryClient, orgId);
    },
  });
}

/** POST /api/inventory/transaction (add a count); the product's count is updated in place. */
export function useAddInventory(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string; count: number; idempotencyKey: string }) =>
      api.post<InventoryTransaction>(
        '/api/inventory/transaction',
        { count: input.count, product: { id: input.productId }, inventory_transaction_type: 'add' },
        { headers: { 'Idempotency-Key': input.idempotencyKey } },
      ),
    onSuccess: async (transaction) => {
      queryClient.setQueryData<Product>(productKeys.detail(transaction.product.id), (old) =>
        old ? { ...old, inventory_count: transaction.product.inventory_count } : old,
      );
      await queryClient.invalidateQueries({ queryKey: productKeys.lists(orgId) });
    },
  });
}
