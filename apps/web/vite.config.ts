import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

// In `npm run dev` the API, the OIDC provider and its sign-in pages live on the server;
// Vite proxies them so the browser sees one origin (as in production).
// (Read through globalThis so this file needs no Node type definitions.)
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const apiOrigin = env.CRATEBASE_API_ORIGIN ?? 'http://localhost:3000';
const proxied = ['/api', '/oidc', '/interaction', '/media', '/config.json', '/dev/'];

/**
 * Chunks (issue 27). A first visit on a phone pays a round trip for each wave of requests and
 * ~0.3 kB of headers for each file, so the screens a first visit opens ship as a few chunks
 * instead of ~90 small ones. Each group takes the modules it names and everything they import
 * statically (not what they import with import()), less what a group before it took:
 * - `index`: what the entry imports (React, the configuration's loader);
 * - `logo`: the logo (the landing page's and the app's frames');
 * - `landing`: the anonymous landing page (plain React and CSS);
 * - `app`: the router, the theme and providers, and the libraries under them (React Router, MUI's
 *   core, emotion, React Query) — every signed-in page;
 * - `ui`: the MUI components both the buyer's and the seller's first screens use;
 * - `storefront`: the buyer's frame, the catalogue, the product page, the grid, the search and
 *   the cart drawer, with the MUI they use;
 * - `seller`: the seller's frame and first screens (dashboard, products).
 * Other screens keep a chunk each (and their libraries: charts, Stripe, Plaid, drag and drop,
 * the OIDC client), loaded when opened. The anonymous landing page loads none of these.
 */
const codeSplitting = {
  groups: [
    // What index.html's entry imports (React, the configuration's loader): the entry's own chunk.
    { name: 'index', tags: ['$initial' as const], priority: 50 },
    // The logo, drawn by the landing page and by the app's frames.
    { name: 'logo', test: /src[\\/]components[\\/]Logo\.tsx$/, priority: 47 },
    // The anonymous landing page: its own small chunk, without MUI (main.tsx).
    { name: 'landing', test: /src[\\/]app[\\/]StandaloneLanding\.tsx$/, priority: 45 },
    {
      name: 'app',
      // The router and providers, React Query's hooks, and the shared helpers and small components
      // both areas' first screens use (not the OIDC client: lib/auth.ts loads after the first paint).
      // A module both the buyer's and the seller's first screens import and no group names lands
      // in the storefront chunk, which the seller's screens then load too: name it here
      // (e2e/first-visit.e2e.test.ts counts the requests).
      test: (id: string) =>
        /src[\\/]app[\\/](App|router)\.tsx$|node_modules[\\/]@tanstack[\\/]/.test(id) ||
        /src[\\/]lib[\\/](query-keys[\\/]|current-user|routing|use-page-title|format|image-sources|storage|auth-hooks|use-debounced-value|api|field-issues|idempotency|contact|unit-price)/.test(
          id,
        ) ||
        /packages[\\/]contract[\\/]src[\\/](constants|money-rules|product-rules|preorder-rules|invoice-rules|contact-rules)\.ts$/.test(
          id,
        ) ||
        /@mui[\\/]icons-material[\\/](Logout|ImageOutlined|ReceiptLongOutlined|Inventory2Outlined|Add|Close|Remove|GroupsOutlined)\.m?js$/.test(
          id,
        ) ||
        /src[\\/]components[\\/](TintedIcon|NotFound|CenteredSpinner|QueryErrorAlert|OrganizationLogo|EmptyState|SearchField|visually-hidden|ShellContent|SkipLink|PageHeader|BackLink|ContactFields|ContactDialog|ContactPrompt)\.tsx?$/.test(
          id,
        ),
      priority: 40,
    },
    // MUI components both the buyer's and the seller's first screens use (Tooltip: the buyer
    // shell loads it after the first paint).
    {
      name: 'ui',
      test: /node_modules[\\/]@mui[\\/]material[\\/](Alert|AlertTitle|AppBar|Avatar|Backdrop|Badge|Box|Button|ButtonBase|Chip|CircularProgress|Collapse|Container|Dialog|DialogActions|DialogContent|DialogTitle|Divider|Drawer|Fade|FilledInput|FormControl|FormHelperText|FormLabel|Grow|IconButton|Input|InputAdornment|InputBase|InputLabel|LinearProgress|Link|List|ListItem|ListItemButton|ListItemIcon|ListItemText|Menu|MenuItem|MenuList|Modal|NativeSelect|OutlinedInput|Paper|Popover|Popper|Portal|Select|Skeleton|Slide|Stack|SvgIcon|Tab|TabScrollButton|Tabs|TextField|Toolbar|Tooltip|Typography|Unstable_TrapFocus|useMediaQuery)[\\/]/,
      priority: 35,
    },
    {
      name: 'storefront',
      test: /src[\\/]features[\\/]storefront[\\/](components[\\/]BuyerShell|catalog[\\/]components[\\/](StorefrontPage|ProductPage|CatalogGrid|CatalogSearch|StoreTermsTab)|cart[\\/](components[\\/]CartDrawer|cart-changes))\.tsx?$/,
      priority: 30,
    },
    {
      name: 'seller',
      test: /src[\\/]features[\\/]seller[\\/](shell[\\/]components[\\/]SellerShell|products[\\/]components[\\/]ProductsPage|dashboard[\\/]components[\\/]DashboardPage)\.tsx$/,
      priority: 20,
    },
  ],
};

/**
 * Preloads the regular font file from index.html (text on every first screen uses it), so it
 * arrives with the entry instead of after the style sheet and the first layout.
 */
function preloadRegularFont(): Plugin {
  return {
    name: 'cratebase:preload-regular-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) =>
          /ibm-plex-sans-latin-400-normal-[\w-]+\.woff2$/.test(file),
        );
        if (!font) throw new Error('The regular IBM Plex Sans file is not in the build (apps/web/src/fonts.css).');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), preloadRegularFont()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: Boolean(env.CRATEBASE_SOURCEMAP),
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: { output: { codeSplitting } },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiOrigin, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiOrigin, changeOrigin: false }])),
  },
});
