import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { loadedItems } from '../../../../lib/api';
import type { useCatalog } from '../api';
import { isNotAvailableError } from '../catalog-display';
import { CatalogSkeleton, catalogGridSx, SkeletonTiles } from './CatalogSkeleton';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { ProductTile } from './ProductTile';
import { CatalogEmpty } from './CatalogEmpty';

/** How early the next page starts loading: about two rows of tiles before the end of the grid. */
const PRELOAD_MARGIN = '800px 0px';

/**
 * Calls `onVisible` when the element comes near the viewport, again after every change of
 * `generation` while it stays there (a short page leaves the end of the grid in view).
 * Without IntersectionObserver nothing happens: the Load more button remains.
 */
function useNearViewport(onVisible: () => void, active: boolean, generation: number) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active, generation]);
  return ref;
}

export interface CatalogGridProps {
  /** The grid's pages (the page asks for them at once, before this module has loaded). */
  catalog: ReturnType<typeof useCatalog>;
  orgId: string;
  storeName: string;
  /** The search (already trimmed); empty for the whole catalogue. */
  q: string;
  onClearSearch: () => void;
  /** Where to go when the server says the store is not there for this user. */
  unavailableTo: string;
}

/**
 * The catalog's grid of Live products: keyset pages of tiles, the next one loaded as the buyer
 * scrolls near the end (and by a Load more button, for keyboards and readers), skeleton tiles
 * while loading, and an empty state for an empty store or a search without results.
 */
export function CatalogGrid({ catalog, orgId, storeName, q, onClearSearch, unavailableTo }: CatalogGridProps) {
  const tiles = loadedItems(catalog.data);
  const pageCount = catalog.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = catalog;
  // Never after a failed page: the buyer retries with the button, so a broken server is not polled.
  const autoLoad = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError && !catalog.isPlaceholderData;
  const sentinel = useNearViewport(() => void fetchNextPage(), autoLoad, pageCount);

  if (catalog.isError && !tiles) {
    if (isNotAvailableError(catalog.error)) return <Navigate to={unavailableTo} replace />;
    return (
      <QueryErrorAlert
        error={catalog.error}
        onRetry={() => void catalog.refetch()}
        prefix={`We could not load ${storeName}’s products.`}
      />
    );
  }

  if (!tiles) return <CatalogSkeleton />;

  if (tiles.length === 0) return <CatalogEmpty q={q} storeName={storeName} onClearSearch={onClearSearch} />;

  const searching = catalog.isPlaceholderData;
  return (
    <Stack spacing={3}>
      <Box
        component="section"
        aria-label={q ? `Products matching “${q}”` : `${storeName} products`}
        aria-busy={searching || isFetchingNextPage}
        sx={[catalogGridSx, { transition: 'opacity 120ms', opacity: searching ? 0.55 : 1 }]}
      >
        {tiles.map((tile) => (
          <ProductTile key={tile.id} orgId={orgId} tile={tile} />
        ))}
        {isFetchingNextPage && <SkeletonTiles count={6} />}
      </Box>
      <Box ref={sentinel} aria-hidden sx={{ height: 1 }} />
      <Box component="p" role="status" sx={visuallyHidden}>
        {searching || isFetchingNextPage ? 'Loading products' : `Showing ${tiles.length} products`}
      </Box>
      {isFetchNextPageError && (
        <QueryErrorAlert
          error={catalog.error}
          onRetry={() => void fetchNextPage()}
          prefix="We could not load more products."
        />
      )}
      {hasNextPage && !isFetchNextPageError && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading…' : 'Load more products'}
          </Button>
        </Box>
      )}
      {!hasNextPage && pageCount > 1 && (
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          That is every product{q ? ' matching your search' : ''}.
        </Typography>
      )}
    </Stack>
  );
}

export default CatalogGrid;
