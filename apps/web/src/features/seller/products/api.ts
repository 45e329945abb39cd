import type { InventoryTransaction, Product, ProductInput } from '@cratebase/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import { saveBlob, todayStamp } from '../../../lib/download';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { organizationKeys, productKeys } from '../../../lib/query-keys';

/** Rows per page of the merchant product list. */
export const PRODUCTS_PAGE_SIZE = 25;

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


/** A variant's count to record after the save. */
export interface StockChange {
  id: string;
  count: number;
}

/**
 * After a product save: the variants' stock as typed, one POST /api/inventory/transaction of
 * type 'set' per changed variant (each with its own Idempotency-Key), one after the other.
 * Resolves with the counts recorded and the variants whose count failed; the product's cached
 * variants take the new counts.
 */
export function useSetVariantStock(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, changes }: { productId: string; changes: StockChange[] }) => {
      const recorded = new Map<string, number>();
      const failed: Array<{ id: string; error: unknown }> = [];
      for (const change of changes) {
        try {
          const transaction = await api.post<InventoryTransaction>(
            '/api/inventory/transaction',
            { count: change.count, product: { id: change.id }, inventory_transaction_type: 'set' },
            { headers: { 'Idempotency-Key': newIdempotencyKey() } },
          );
          recorded.set(change.id, transaction.product.inventory_count);
        } catch (error) {
          failed.push({ id: change.id, error });
        }
      }
      queryClient.setQueryData<Product>(productKeys.detail(productId), (old) =>
        old
          ? {
              ...old,
              variants: old.variants.map((v) => {
                const count = recorded.get(v.id);
                return count === undefined ? v : { ...v, inventory_count: count, track_inventory: true };
              }),
            }
          : old,
      );
      if (recorded.size > 0) await queryClient.invalidateQueries({ queryKey: productKeys.lists(orgId) });
      return { recorded, failed };
    },
  });
}

/** GET …/export with the bearer token, then a download of the CSV. */
export async function downloadCatalogCsv(orgId: string): Promise<void> {
  const { blob, filename } = await api.download(apiPath`/api/product/organization/${orgId}/export`, 'text/csv');
  saveBlob(blob, filename ?? `catalog-${todayStamp()}.csv`);
}
