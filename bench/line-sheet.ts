/**
 * The line sheet PDF (issue 25 part 3), run by bench/run.ts: on a production server, a seller
 * with 500 Live products, each with its own photo (a 600 × 600 photo-like JPEG uploaded through
 * the API, so the media pipeline made its 200 px copy) and every fifth with three
 * variants, makes a line sheet of all 500 and downloads its PDF: the first download (every photo
 * read from storage and turned into JPEG) and the second (the photos kept by the process).
 * Options (env): BENCH_LINE_SHEET_PRODUCTS (default 500).
 */
import sharp from 'sharp';
import { startServer, type RunningServer } from '../e2e/support/server.js';
import { expectOk, type CatalogTiming } from './catalog.js';

const productCount = Number(process.env.BENCH_LINE_SHEET_PRODUCTS ?? 500);

export interface LineSheetBenchDeps {
  seed: (server: RunningServer) => Promise<{ headers: Record<string, string>; orgId: string }>;
}

/** Runs `task` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, task: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i]!, i);
      }
    }),
  );
}

async function timed<T>(fn: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { seconds: (performance.now() - start) / 1000, value };
}

export async function benchLineSheet(
  label: string,
  env: Record<string, string>,
  deps: LineSheetBenchDeps,
): Promise<CatalogTiming[]> {
  const server = await startServer({ LOG_LEVEL: 'silent', IDENTITY_RATE_LIMIT: '1000', ...env });
  try {
    const { headers, orgId } = await deps.seed(server);
    const base = `http://127.0.0.1:${server.port}`;
    const json = { ...headers, 'content-type': 'application/json' };
    const ids: string[] = new Array<string>(productCount);
    const seeding = await timed(() =>
      inParallel(
        Array.from({ length: productCount }, (_, i) => i),
        4,
        async (i) => {
          // A distinct photo per product (noise compresses like a photo), tinted by its number.
          const photo = await sharp({
            create: {
              width: 600,
              height: 600,
              channels: 3,
              background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 },
              noise: { type: 'gaussian', mean: 128, sigma: 30 },
            },
          })
            .jpeg({ quality: 80 })
            .toBuffer();
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `p${i}.jpg`);
          const media = (await (
            await expectOk(
              await fetch(`${base}/api/media/${orgId}/upload`, { method: 'POST', headers, body: form }),
              'upload',
            )
          ).json()) as { id: string };
          const product = (await (
            await expectOk(
              await fetch(`${base}/api/product`, {
                method: 'PUT',
                headers: json,
                body: JSON.stringify({
                  organization: { id: orgId },
                  name: `Bench product ${i + 1} — small-batch preserves`,
                  state: 'Live',
                  stock_keeping_unit: `LS-${String(i + 1).padStart(4, '0')}`,
                  unit_price_in_cents: 1_000 + i,
                  msrp_in_cents: 2_000 + 2 * i,
                  minimum_order_quantity: 6,
                  order_increment: 6,
                  media: [{ display_order: 0, media: { id: media.id } }],
                  ...(i % 5 === 0 ? { options: [{ name: 'Size', values: ['8 oz', '16 oz', '32 oz'] }] } : {}),
                }),
              }),
              'product',
            )
          ).json()) as { id: string };
          ids[i] = product.id;
        },
      ),
    );
    const sheet = (await (
      await expectOk(
        await fetch(`${base}/api/organization/${orgId}/line-sheets`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ title: 'Bench line sheet', note: 'Every product, with its photo.', product_ids: ids }),
        }),
        'line sheet',
      )
    ).json()) as { id: string };
    const download = async () => {
      const res = await expectOk(await fetch(`${base}/api/line-sheets/${sheet.id}/pdf`, { headers }), 'pdf');
      return (await res.arrayBuffer()).byteLength;
    };
    const cold = await timed(download);
    const warm = await timed(download);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    return [
      {
        database: label,
        operation: `line sheet set-up: ${productCount} products, each with an uploaded 600 px photo (4 at a time)`,
        seconds: seeding.seconds,
      },
      {
        database: label,
        operation: `line sheet PDF, ${productCount} products, first download (photos read and resized; ${mb(cold.value)} MB)`,
        seconds: cold.seconds,
      },
      {
        database: label,
        operation: `line sheet PDF, ${productCount} products, again (photos kept; ${mb(warm.value)} MB)`,
        seconds: warm.seconds,
      },
    ];
  } finally {
    await server.stop();
  }
}
