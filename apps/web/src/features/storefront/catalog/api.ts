/**
 * The buyer's view of a seller's catalogue (spec section 2 "Storefront"): the store's public
 * face, the grid of Live products (lean tiles, keyset pages, search) and one product's page.
 * The queries live here (part of the catalog's first load); how a product is shown lives in
 * catalog-display.ts, which only the grid's and the product page's chunks need.
 */
import type { Organization, Product, ProductTile } from '@cratebase/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, apiPath, keysetPaging, withQuery } from '../../../lib/api';
import { storefrontKeys } from '../../../lib/query-keys';

/** Tiles per page: whole rows in both layouts (3 columns on desktop, 2 on narrow screens). */
export const CATALOG_PAGE_SIZE = 24;

/**
 * GET /api/organization/{id} as a purchaser: the store's name, slogan, terms and images. It also
 * asks the server whether the user may still open the store (a revoked purchaser gets 403).
 */
export function useStoreOrganization(orgId: string | undefined) {
  return useQuery({
    queryKey: storefrontKeys.organization(orgId ?? ''),
    queryFn: ({ signal }) => api.get<Organization>(apiPath`/api/organization/${orgId!}`, { signal }),
    enabled: Boolean(orgId),
  });
}

/** GET …/for-sale?view=tile&limit&q&cursor: the grid's pages, newest first. */
export function useCatalog(orgId: string, q: string) {
  return useForSalePages<ProductTile>(storefrontKeys.catalog(orgId, q), orgId, 'tile', CATALOG_PAGE_SIZE, q);
}

/**
 * GET …/for-sale?view&limit&q&cursor: the keyset pages of a view of the Live products, newest
 * first (the grid's tiles, the quick-order sheet's rows). A new search keeps the current page
 * on screen until its first page arrives.
 */
export function useForSalePages<Row>(
  queryKey: readonly unknown[],
  orgId: string,
  view: 'tile' | 'sheet',
  limit: number,
  q: string,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<Row>(
        withQuery(apiPath`/api/product/organization/${orgId}/for-sale`, { view, limit, q, cursor: pageParam }),
        { signal },
      ),
    ...keysetPaging,
    placeholderData: keepPreviousData,
    enabled: Boolean(orgId),
  });
}

/** GET /api/product/{id}: 404 for a purchaser when the product is not Live or was deleted. */
export function useStoreProduct(productId: string | undefined) {
  return useQuery({
    queryKey: storefrontKeys.product(productId ?? ''),
    queryFn: ({ signal }) => api.get<Product>(apiPath`/api/product/${productId!}`, { signal }),
    enabled: Boolean(productId),
    select: asSoldToRetailers,
  });
}

/**
 * The product as the storefront sells it: a pre-order (issue 25) is not limited by stock — its
 * variants (which follow its window) neither — as the server's cart rules say.
 */
export function asSoldToRetailers(product: Product): Product {
  if (!product.preorder) return product;
  return {
    ...product,
    track_inventory: false,
    variants: product.variants.map((variant) => ({ ...variant, track_inventory: false })),
  };
}
