import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { OrganizationLogo } from '../../../../components/OrganizationLogo';
import { importWithReload } from '../../../../lib/chunk-reload';
import { useCurrentUser } from '../../../../lib/current-user';
import { findStore, type Store } from '../../api';
import { useCatalog, useStoreOrganization } from '../api';
import { CatalogSkeleton } from './CatalogSkeleton';
import { MinimumsNotice } from './MinimumsNotice';
import { StoreCover } from '../../components/StoreCover';
import { StoreTabs, TabPanel, type TabItem } from './StoreTabs';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

// The first paint is the banner, the tabs and skeleton tiles. The grid's code (tiles, cart
// controls, empty states) starts loading with this module, while the first page of products is
// on its way; the search box (a text field, which brings MUI's input and select machinery)
// follows the first render; the Terms tab loads when opened.
const catalogGridModule = importWithReload(() => import('./CatalogGrid'))();
catalogGridModule.catch(() => undefined); // a failure shows when the grid renders
const CatalogGrid = lazy(() => catalogGridModule);
const StoreTermsTab = lazy(importWithReload(() => import('./StoreTermsTab')));
const CatalogSearch = lazy(importWithReload(() => import('./CatalogSearch')));
const QuickOrderSheet = lazy(importWithReload(() => import('../../quick-order/components/QuickOrderSheet')));

type StoreTab = 'catalog' | 'quick-order' | 'terms';
const TABS: ReadonlyArray<TabItem<StoreTab>> = [
  { value: 'catalog', label: 'Catalog' },
  { value: 'quick-order', label: 'Quick order' },
  { value: 'terms', label: 'Terms' },
];
const isStoreTab = (value: string | null): value is StoreTab => TABS.some((t) => t.value === value);

/** Where the buyer goes when the store cannot be shown (spec: storefront load failure). */
export const storeNotFoundPath = (orgId: string) => `/storefront/${orgId}/not-found`;

/** The store's banner: cover, logo (a placeholder without one), name and slogan. */
export function StoreBanner({ store }: { store: Pick<Store, 'id' | 'name' | 'slogan' | 'image_set'> }) {
  return (
    <Card component="header" sx={{ overflow: 'hidden' }}>
      <StoreCover seed={store.id} image={store.image_set.splash_image} height={{ xs: 160, sm: 240 }} priority />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 2.5 }}
        sx={{ px: { xs: 2.5, sm: 4 }, pb: 3, alignItems: { sm: 'flex-end' } }}
      >
        <OrganizationLogo
          name={store.name}
          image={store.image_set.logo}
          size={96}
          sx={{ mt: '-48px', border: '4px solid #ffffff', boxShadow: '0 2px 12px rgba(47,45,58,0.14)' }}
        />
        <Box sx={{ minWidth: 0, pb: { sm: 0.5 } }}>
          <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
            {store.name}
          </Typography>
          {store.slogan && (
            <Typography variant="body1" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
              {store.slogan}
            </Typography>
          )}
        </Box>
      </Stack>
    </Card>
  );
}

/** The search box's outline until the field has loaded (a small outlined TextField's size). */
function SearchFieldFallback() {
  return (
    <Box
      aria-hidden
      sx={{
        width: { xs: '100%', sm: 320 },
        height: 40,
        border: 1,
        borderColor: 'rgba(0, 0, 0, 0.23)',
        borderRadius: 1,
        display: 'flex',
        alignItems: 'center',
        px: 1.75,
        color: 'text.secondary',
        fontSize: '1rem',
      }}
    >
      Search products
    </Box>
  );
}

function QuickOrderFallback() {
  return (
    <Typography variant="body2" role="status">
      Loading the quick-order sheet…
    </Typography>
  );
}

function TermsFallback() {
  return (
    <Typography variant="body2" role="status">
      Loading the store’s terms…
    </Typography>
  );
}

/**
 * /storefront/{org_id}: the store's banner and its Catalog, Quick order (issue 13 item 4) and
 * Terms tabs (spec "Storefront"). The tab and the search live in the URL (?tab=quick-order,
 * ?tab=terms, ?q=…), so Back and a shared link keep them.
 */
export function StorefrontPage() {
  useOrganizationPageTitle('Catalog');
  const { orgId = '' } = useParams();
  const user = useCurrentUser();
  const entry = findStore(user.data, orgId);
  const organization = useStoreOrganization(entry ? orgId : undefined);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: StoreTab = isStoreTab(asked) ? asked : 'catalog';
  const q = (params.get('q') ?? '').trim();
  // The first page is asked for at once, while the grid's code may still be loading.
  const catalog = useCatalog(entry && !organization.isError ? orgId : '', q);

  // The buyer shell shows its spinner and errors while the user loads.
  if (user.isPending || user.isError) return null;
  // A store the user may not open, or one that fails to load (a revoked purchaser gets 403).
  if (!entry || organization.isError) return <Navigate to={storeNotFoundPath(orgId)} replace />;

  // The banner paints from the user's store list at once; the server's copy is fresher.
  const store = organization.data ? { ...entry, ...organization.data } : entry;

  const update = (change: (next: URLSearchParams) => void) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      // Switching tabs or searching is not a new page: no extra history entry, no jump to the top.
      { replace: true, preventScrollReset: true },
    );
  };
  const selectTab = (value: StoreTab) =>
    update((next) => {
      if (value === 'catalog') next.delete('tab');
      else next.set('tab', value);
    });
  const search = (value: string) =>
    update((next) => {
      if (value) next.set('q', value);
      else next.delete('q');
    });

  return (
    <Stack spacing={3}>
      <StoreBanner store={store} />
      <Box>
        <StoreTabs items={TABS} value={tab} onChange={selectTab} label={`${store.name} sections`} idPrefix="store" />
        <TabPanel idPrefix="store" value={tab} sx={{ pt: 3 }}>
          {tab === 'catalog' ? (
            <Stack spacing={3}>
              <Suspense fallback={<SearchFieldFallback />}>
                <CatalogSearch q={q} onSearch={search} />
              </Suspense>
              {/* The minimums where buyers decide, not only in the Terms tab (issue 27 §3). */}
              <MinimumsNotice orgId={orgId} termsTo={`/storefront/${orgId}?tab=terms`} />
              <Suspense fallback={<CatalogSkeleton />}>
                <CatalogGrid
                  catalog={catalog}
                  orgId={orgId}
                  storeName={store.name}
                  q={q}
                  onClearSearch={() => search('')}
                  unavailableTo={storeNotFoundPath(orgId)}
                />
              </Suspense>
            </Stack>
          ) : tab === 'quick-order' ? (
            <Suspense fallback={<QuickOrderFallback />}>
              <QuickOrderSheet orgId={orgId} storeName={store.name} />
            </Suspense>
          ) : (
            <Suspense fallback={<TermsFallback />}>
              <StoreTermsTab orgId={orgId} storeName={store.name} />
            </Suspense>
          )}
        </TabPanel>
      </Box>
    </Stack>
  );
}

export default StorefrontPage;
