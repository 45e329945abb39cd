// Prints the static first-load closure of the landing page and of the signed-in areas (gzip and
// brotli sizes of the built JavaScript and CSS), and exits non-zero when a route with a budget is
// over it. Reads the production build: run `npm run build -w apps/web` first.
//
//   node scripts/bundle-size.mjs [--dist apps/web/dist] [--budget <kB, all routes>] [--json]
//
// A route's closure is the entry script of index.html with everything it imports statically,
// plus the named chunks the route loads before its first paint (apps/web/vite.config.ts groups
// the app into a few chunks) and their static imports and CSS. Fonts, images and API answers are
// not counted, nor what loads after the first paint: e2e/first-visit.e2e.test.ts measures what a
// first visit really downloads, in Chromium, and holds the byte, request and LCP goals (issue 27).
// 1 kB = 1000 bytes, as Vite prints it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The chunks (their group names in apps/web/vite.config.ts) each route loads before its first
 * paint, beside the entry, and its budget in kB of gzip (null: reported, not checked here).
 */
export const ROUTES = {
  // An anonymous visitor: main.tsx renders the landing page from its own chunk (plain React and CSS).
  'landing (/)': { chunks: ['landing'], budgetKb: 200 },
  // A signed-in buyer opening a seller's storefront or a product (main.tsx starts the storefront
  // chunk with the app's). The OIDC client loads after the first paint.
  'storefront (/storefront/:orgId)': { chunks: ['app', 'storefront'], budgetKb: null },
  // A seller's first screens (dashboard, products); the chart loads after the first paint.
  'seller (/app/:orgId)': { chunks: ['app', 'seller'], budgetKb: null },
};

function readManifest(dist) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: build the web client first (npm run build -w apps/web).`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The manifest key of the chunk a group name made (e.g. `_app-<hash>.js`). */
function chunkKey(manifest, name) {
  const key = Object.keys(manifest).find((k) => manifest[k].name === name && manifest[k].file.endsWith('.js'));
  if (!key) throw new Error(`No chunk named ${name} in the build manifest (renamed? update scripts/bundle-size.mjs)`);
  return key;
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
  return Object.entries(ROUTES).map(([route, { chunks, budgetKb }]) => {
    const files = [...filesLoadedBy(manifest, [entry, ...chunks.map((name) => chunkKey(manifest, name))])].sort();
    const sizes = files.map((file) => ({ file, ...compressedSizes(dist, file) }));
    const total = (k) => sizes.reduce((sum, s) => sum + s[k], 0);
    return {
      route,
      budget: budgetKb === null ? null : budgetKb * 1000,
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
        `\n${r.route}: ${kb(r.gzip)} gzip (${r.budget === null ? 'no budget here' : `budget ${kb(r.budget)}`}), ${kb(r.brotli)} brotli, ${kb(r.raw)} raw`,
      );
      for (const f of [...r.files].sort((a, b) => b.gzip - a.gzip)) {
        console.log(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
      }
    }
  }
  const over = results.filter((r) => r.budget !== null && r.gzip > r.budget);
  for (const r of over) console.error(`\n${r.route} is over budget: ${kb(r.gzip)} gzip > ${kb(r.budget)}`);
  return over.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main(process.argv.slice(2)));
