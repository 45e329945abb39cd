// Prints what the browser downloads before the first paint of the landing page and of the
// storefront (gzip and brotli sizes of the built JavaScript and CSS), and exits non-zero when a
// route is over its budget. Reads the production build: run `npm run build -w apps/web` first.
//
//   node scripts/bundle-size.mjs [--dist apps/web/dist] [--budget <kB, all routes>] [--json]
//
// A route's first load is the entry script of index.html with everything it imports statically
// (its modulepreload links), plus the code-split modules the route renders before its first
// paint and their static imports, plus their CSS. Fonts and images are not counted (the browser
// fetches only the font files the page uses). 1 kB = 1000 bytes, as Vite prints it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The source modules each route loads before its first paint, beside the entry (keys of Vite's
 * manifest), and its budget in kB of gzip. Keep in step with apps/web/src/main.tsx and
 * apps/web/src/app/router.tsx.
 */
export const ROUTES = {
  // An anonymous visitor: main.tsx renders the landing page from its own chunk (plain React
  // and CSS), so the entry every route loads does not carry it.
  'landing (/)': { modules: ['src/app/StandaloneLanding.tsx'], budgetKb: 200 },
  // A signed-in buyer opening a seller's storefront: the app, the buyer shell and the catalog
  // page. It paints from the stored session: the OIDC client (oidc-client-ts) loads after the
  // first paint (apps/web/src/lib/auth-session.ts). The first paint is the banner, the tabs and
  // skeleton tiles; the grid's code (CatalogGrid: tiles, cart controls) is requested as the page
  // module runs, alongside the first page of products it waits for, and the search box, the
  // Terms tab and the product page load after the first paint (lazy).
  'storefront (/storefront/:orgId)': {
    modules: [
      'src/app/App.tsx',
      'src/features/storefront/components/BuyerShell.tsx',
      'src/features/storefront/catalog/components/StorefrontPage.tsx',
    ],
    // 200 kB until issue 13: its routes (Dashboard, Team, Invoices) in the route table and the
    // volume prices the cart badge's module computes took it to 200.2 kB. The next saving is the
    // route table: the seller area's routes added on navigation (patchRoutesOnNavigation).
    // 202 kB since issue 22 (201.1 kB): the bundler puts the shared query-key factories
    // (lib/query-keys/) in the chunk every screen loads, ~0.3 kB; issue 27 reworks the first load.
    // 203 kB since issue 23 (202.07 kB): the order confirmation route in the route table and the
    // Orders workspace's query keys (filtered lists, tab counts) in that shared chunk.
    // 205 kB since issue 25 (203.97 kB, +1.27 kB): seven screens' lazy routes (price lists,
    // line sheets and the shared line sheet, the resale certificate) and their chunks' preload
    // lists in the route table (+0.96 kB of App), the pre-order badge's rules. Issue 27 takes
    // the seller area's routes out of the first load (patchRoutesOnNavigation).
    budgetKb: 205,
  },
  // A seller's landing view (/app/:orgId, the dashboard): the app, the seller shell (~235 kB of
  // it, most of it MUI) and the dashboard page (~3 kB); the chart (@mui/x-charts, ~94 kB) loads
  // after the first paint (lazy).
  'seller dashboard (/app/:orgId)': {
    modules: [
      'src/app/App.tsx',
      'src/features/seller/shell/components/SellerShell.tsx',
      'src/features/seller/dashboard/components/DashboardPage.tsx',
    ],
    budgetKb: 250,
  },
  // The bare /storefront (buyer landing choice).
  'storefront entry (/storefront)': {
    modules: [
      'src/app/App.tsx',
      'src/features/storefront/components/BuyerShell.tsx',
      'src/features/storefront/components/StorefrontEntry.tsx',
    ],
    budgetKb: 200,
  },
};

function readManifest(dist) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: build the web client first (npm run build -w apps/web).`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Files (js and css, relative to dist) a set of manifest entries loads, static imports included. */
function filesLoadedBy(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build manifest (moved or renamed? update scripts/bundle-size.mjs)`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

function compressedSizes(dist, file) {
  const data = fs.readFileSync(path.join(dist, file));
  return {
    raw: data.length,
    gzip: zlib.gzipSync(data, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }).length,
  };
}

/** First-load sizes of every route in ROUTES, read from a built dist directory. */
export function measureFirstLoads(dist = path.join(root, 'apps/web/dist')) {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The build manifest has no entry chunk.');
  return Object.entries(ROUTES).map(([route, { modules, budgetKb }]) => {
    const files = [...filesLoadedBy(manifest, [entry, ...modules])].sort();
    const sizes = files.map((file) => ({ file, ...compressedSizes(dist, file) }));
    const total = (k) => sizes.reduce((sum, s) => sum + s[k], 0);
    return {
      route,
      budget: budgetKb * 1000,
      files: sizes,
      raw: total('raw'),
      gzip: total('gzip'),
      brotli: total('brotli'),
    };
  });
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function main(argv) {
  const option = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const dist = path.resolve(option('--dist') ?? path.join(root, 'apps/web/dist'));
  const override = option('--budget');
  const results = measureFirstLoads(dist).map((r) => (override ? { ...r, budget: Number(override) * 1000 } : r));
  if (argv.includes('--json')) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    for (const r of results) {
      console.log(
        `\n${r.route}: ${kb(r.gzip)} gzip (budget ${kb(r.budget)}), ${kb(r.brotli)} brotli, ${kb(r.raw)} raw`,
      );
      for (const f of [...r.files].sort((a, b) => b.gzip - a.gzip)) {
        console.log(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
      }
    }
  }
  const over = results.filter((r) => r.gzip > r.budget);
  for (const r of over) console.error(`\n${r.route} is over budget: ${kb(r.gzip)} gzip > ${kb(r.budget)}`);
  return over.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main(process.argv.slice(2)));
