// Build step of the web client (`npm run build -w apps/web` runs it after `vite build`): writes a
// brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling beside every text file of the
// build, so the server sends compressed files without compressing anything per request.
//
//   node scripts/precompress.mjs [dist directory, default apps/web/dist]
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; fonts (woff2) and images are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|map|txt|xml|webmanifest)$/i;

function textFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...textFiles(file));
    else if (COMPRESSIBLE.test(entry.name)) found.push(file);
  }
  return found;
}

/** Writes `<file>.br` and `<file>.gz` for every text file under `dist`; returns the totals. */
export async function precompress(dist) {
  const files = textFiles(dist);
  const totals = { files: files.length, raw: 0, br: 0, gz: 0 };
  await Promise.all(
    files.map(async (file) => {
      const data = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
      totals.raw += data.length;
      totals.br += br.length;
      totals.gz += gz.length;
    }),
  );
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`${dist} has no index.html: run vite build first.`);
    process.exit(1);
  }
  const t = await precompress(dist);
  const kb = (n) => `${(n / 1000).toFixed(0)} kB`;
  console.log(`pre-compressed ${t.files} files: ${kb(t.raw)} → ${kb(t.br)} brotli, ${kb(t.gz)} gzip`);
}
