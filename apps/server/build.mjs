// Bundles the server into dist/main.js (the contract package is inlined; npm packages stay
// external), and copies the SQL migrations beside it.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter((d) => !d.startsWith('@cratebase/'));

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
  // The banner's first import is evaluated before any npm package the bundle imports.
  banner: { js: "import './node20-notice.js'; import { createRequire as __cbCreateRequire } from 'node:module'; const require = __cbCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  // src/node20-notice.ts stays a module of its own, imported by the banner, so that it runs
  // before oidc-provider is loaded (see that file).
  plugins: [
    {
      name: 'node20-notice-first',
      setup(b) {
        b.onResolve({ filter: /^\.\/node20-notice\.js$/ }, () => ({ path: './node20-notice.js', external: true }));
      },
    },
  ],
});
await build({
  entryPoints: [path.join(here, 'src/node20-notice.ts')],
  outfile: path.join(here, 'dist/node20-notice.js'),
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });

console.log('server built → apps/server/dist/main.js');
