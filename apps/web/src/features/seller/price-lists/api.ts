import type {
  PriceList,
  PriceListHiddenInput,
  PriceListInput,
  PriceListPatch,
  PriceListPricesInput,
  PriceListProduct,
} from '@cratebase/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiPath, keysetPaging, withQuery, type Page } from '../../../lib/api';
import { priceListKeys } from '../../../lib/query-keys';

export const PRICE_LIST_PRODUCTS_PAGE_SIZE = 25;

const listsPath = (orgId: string) => apiPath`/api/organization/${orgId}/price_lists`;
const listPath = (orgId: string, listId: string) => apiPath`/api/organization/${orgId}/price_lists/${listId}`;

/** GET /api/organization/{org_id}/price_lists: the seller's lists, by name. */
export function usePriceLists(orgId: string) {
  return useQuery({
    queryKey: priceListKeys.list(orgId),
    queryFn: () => api.get<PriceList[]>(listsPath(orgId)),
    enabled: Boolean(orgId),
  });
}

/** GET …/price_lists/{id}: one list; null when it is not the seller's (or was deleted). */
export async function findPriceList(orgId: string, listId: string): Promise<PriceList | null> {
  try {
    return await api.get<PriceList>(listPath(orgId, listId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** One list; its entry in the lists already loaded shows at once. */
export function usePriceList(orgId: string, listId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: priceListKeys.detail(orgId, listId),
    queryFn: () => findPriceList(orgId, listId),
    enabled: Boolean(orgId && listId),
    placeholderData: () => client.getQueryData<PriceList[]>(priceListKeys.list(orgId))?.find((l) => l.id === listId),
  });
}

/** GET …/price_lists/{id}/products: the seller's products with their wholesale and list prices. */
export function fetchPriceListProductsPage(
  orgId: string,
  listId: string,
  cursor: string | undefined,
  q = '',
): Promise<Page<PriceListProduct>> {
  return api.getPage<PriceListProduct>(
    withQuery(apiPath`/api/organization/${orgId}/price_lists/${listId}/products`, {
      limit: PRICE_LIST_PRODUCTS_PAGE_SIZE,
      cursor,
      q: q.trim() || undefined,
    }),
  );
}

export function usePriceListProducts(orgId: string, listId: string, q = '') {
  return useInfiniteQuery({
    queryKey: priceListKeys.products(orgId, listId, q.trim()),
    queryFn: ({ pageParam }) => fetchPriceListProductsPage(orgId, listId, pageParam, q),
    ...keysetPaging,
    enabled: Boolean(orgId && listId),
    placeholderData: keepPreviousData,
  });
}

/** A list's answer (after any change) in the cache: its page, and the lists page's row. */
function useRememberList(orgId: string) {
  const client = useQueryClient();
  return (list: PriceList) => {
    client.setQueryData(priceListKeys.detail(orgId, list.id), list);
    client.setQueryData<PriceList[]>(priceListKeys.list(orgId), (lists) =>
      lists?.map((l) => (l.id === list.id ? list : l)),
    );
  };
}

/** POST …/price_lists. */
export function useCreatePriceList(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PriceListInput) => api.post<PriceList>(listsPath(orgId), input),
    onSuccess: (list) => {
      client.setQueryData(priceListKeys.detail(orgId, list.id), list);
      return client.invalidateQueries({ queryKey: priceListKeys.list(orgId) });
    },
  });
}

/** PATCH …/price_lists/{id}: the name or the percentage; the list prices of its products change with it. */
export function useUpdatePriceList(orgId: string, listId: string) {
  const client = useQueryClient();
  const remember = useRememberList(orgId);
  return useMutation({
    mutationFn: (patch: PriceListPatch) => api.patch<PriceList>(listPath(orgId, listId), patch),
    onSuccess: (list) => {
      remember(list);
      return client.invalidateQueries({ queryKey: priceListKeys.productsOf(orgId, listId) });
    },
  });
}

/** DELETE …/price_lists/{id}: its customers buy at wholesale prices again. */
export function useDeletePriceList(orgId: string, listId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(listPath(orgId, listId)),
    onSuccess: () => {
      // The list's own page is left at once (not read again: it would say not found meanwhile).
      client.setQueryData<PriceList[]>(priceListKeys.list(orgId), (lists) => lists?.filter((l) => l.id !== listId));
      // Customers who were on it: their Price list field reads wholesale again.
      void client.invalidateQueries({ queryKey: priceListKeys.customers(orgId) });
    },
  });
}

/** PUT …/price_lists/{id}/prices: all or nothing; the products are read again before it settles. */
export function useSetPriceListPrices(orgId: string, listId: string) {
  const client = useQueryClient();
  const remember = useRememberList(orgId);
  return useMutation({
    mutationFn: (prices: PriceListPricesInput['prices']) =>
      api.put<PriceList>(apiPath`/api/organization/${orgId}/price_lists/${listId}/prices`, { prices }),
    onSuccess: (list) => {
      remember(list);
      return client.invalidateQueries({ queryKey: priceListKeys.productsOf(orgId, listId) });
    },
  });
}

/** PUT …/price_lists/{id}/hidden_products: one product hidden from the list's customers, or shown again. */
export function useSetPriceListHidden(orgId: string, listId: string) {
  const client = useQueryClient();
  const remember = useRememberList(orgId);
  return useMutation({
    mutationFn: (product: PriceListHiddenInput['products'][number]) =>
      api.put<PriceList>(apiPath`/api/organization/${orgId}/price_lists/${listId}/hidden_products`, {
        products: [product],
      }),
    onSuccess: (list, product) => {
      remember(list);
      client.setQueriesData<{ pages: Page<PriceListProduct>[]; pageParams: unknown[] }>(
        { queryKey: priceListKeys.productsOf(orgId, listId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((p) => (p.id === product.product_id ? { ...p, hidden: product.hidden } : p)),
            })),
          },
      );
    },
  });
}
