import type { ProductState, Unit } from '@cratebase/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The seller area's shared catalogue pieces: product query keys (the products, catalog-import
// and welcome screens refresh the same lists) and the seeded lookup lists (units, states) that
// the product form, the CSV import and the package dialog all show.

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
