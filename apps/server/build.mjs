// Bundles the server into dist/main.js (the contract package is inlined; npm packages stay
// external), copies the SQL migrations beside it, and creates the embedded database's image.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const here = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@cratebase/'));

fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`), 'pg-native'],
  banner: { js: "import { createRequire as __cbCreateRequire } from 'node:module'; const require = __cbCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });

// The pre-initialised embedded database (src/db/pglite-image.ts): every migration applied, so a
// first start on an empty DATA_DIR needs neither initdb nor the migrations. The builder is
// bundled beside main.js only long enough to run (it resolves the same packages from there).
const imageBuilder = path.join(here, 'dist/.pglite-image-build.mjs');
await build({
  entryPoints: [path.join(here, 'src/db/pglite-image.ts')],
  outfile: imageBuilder,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
try {
  const { buildPgliteImage, PGLITE_IMAGE_FILE } = await import(pathToFileURL(imageBuilder).href);
  await buildPgliteImage(path.join(here, 'dist', PGLITE_IMAGE_FILE), path.join(here, 'dist/migrations'));
} finally {
  fs.rmSync(imageBuilder, { force: true });
}
console.log('server built → apps/server/dist/main.js');
