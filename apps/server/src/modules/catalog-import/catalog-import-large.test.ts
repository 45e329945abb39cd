/**
 * Big and hostile catalogue files: reading one must not hold up the other requests of the
 * process. The CSV reader is wrapped (vi.mock) only to know when it starts and ends; a
 * /healthz request sent once reading has started must be answered before reading ends. And a
 * file of 5,200 variant rows (past a write batch of 5,000) imports in one request, and again
 * without a change (the 50,000-row variant import is timed in `npm run bench`, bench/catalog.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOG_CSV_COLUMNS, CATALOG_CSV_EXPORT_COLUMNS } from '@cratebase/contract';
import { sql } from 'drizzle-orm';
import { createHarness, type Harness } from '../../../test/support/harness.js';

const reading = vi.hoisted(() => ({
  active: false,
  started: null as null | (() => void),
}));

vi.mock('./csv.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./csv.js')>();
  return {
    ...original,
    parseCatalogCsv: async (...args: Parameters<typeof original.parseCatalogCsv>) => {
      reading.active = true;
      reading.started?.();
      try {
        return await original.parseCatalogCsv(...args);
      } finally {
        reading.active = false;
      }
    },
  };
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness(); // MEDIA_MAX_BYTES: the 10 MB default
});
afterAll(async () => h?.close());

const HEADER = CATALOG_CSV_COLUMNS.join(',');

/**
 * Sends the file to the preview and, as soon as the CSV reader has started, asks /healthz
 * again and again until the preview answers. Returns the preview's answer and how many
 * /healthz answers came while the file was being read.
 */
async function previewWithHealthChecks(orgId: string, token: string, file: string) {
  const started = new Promise<void>((resolve) => {
    reading.started = resolve;
  });
  let done = false;
  const preview = h
    .call('POST', `/api/product/organization/${orgId}/import/preview`, {
      token,
      body: Buffer.from(file),
      headers: { 'content-type': 'text/csv' },
    })
    .finally(() => {
      done = true;
    });
  await started;
  let answeredWhileReading = 0;
  while (!done) {
    const health = await h.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    if (reading.active) answeredWhileReading += 1;
    // inject() can answer without a turn of the event loop: give the preview its turns.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { res: await preview, answeredWhileReading };
}

describe('catalogue import of big files', () => {
  it.each([
    ['200,000 blank lines', '\n'],
    ['200,000 lines of commas', `${','.repeat(CATALOG_CSV_COLUMNS.length - 1)}\n`],
  ])('answers other requests while it reads a header and %s, and finds no product rows', async (_label, line) => {
    const s = await h.newOrgUser('Merchant');
    const { res, answeredWhileReading } = await previewWithHealthChecks(
      s.orgId,
      s.token,
      `${HEADER}\n${line.repeat(200_000)}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rows: 0, valid: 0, error_count: 0, errors: [], sample: [], to_create: 0 });
    expect(answeredWhileReading).toBeGreaterThan(0);

    // Importing such a file says there is nothing to import.
    const commit = await h.call('POST', `/api/product/organization/${s.orgId}/import`, {
      token: s.token,
      body: Buffer.from(`${HEADER}\n${line.repeat(200_000)}`),
      headers: { 'content-type': 'text/csv' },
    });
    expect(commit.status).toBe(400);
    expect(commit.body.message).toBe('file has no product rows below the header.');
  });

  it('numbers rows as a spreadsheet does after thousands of blank lines, and stops at the row limit', async () => {
    const s = await h.newOrgUser('Merchant');
    const res = await h.call('POST', `/api/product/organization/${s.orgId}/import/preview`, {
      token: s.token,
      body: Buffer.from(`${HEADER}\n${'\n'.repeat(5000)}Soap,,S-1,,,,-1,,,,,\r\n\r\n`),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 1, valid: 0 });
    expect(res.body.errors).toEqual([{ row: 5002, field: 'wholesale_price', message: 'must not be negative' }]);

    const tooMany = await h.call('POST', `/api/product/organization/${s.orgId}/import/preview`, {
      token: s.token,
      body: Buffer.from(`${HEADER}\n${'x\n'.repeat(50_001)}`),
      headers: { 'content-type': 'text/csv' },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/more than 50000 product rows .*import it in parts/);
    expect(tooMany.body.issues[0].path).toBe('file');
  });

  it('imports 5,200 variant rows (260 products × 20 variants, past one write batch) in one request, and again without a change', async () => {
    const s = await h.newOrgUser('Merchant');
    // name, …, sku, …, wholesale_price, …, inventory, …, handle, option1_name, option1_value, option2_name, option2_value
    const cells = (c: Partial<Record<(typeof CATALOG_CSV_EXPORT_COLUMNS)[number], string>>) =>
      CATALOG_CSV_EXPORT_COLUMNS.map((k) => c[k] ?? '').join(',');
    const lines = [CATALOG_CSV_EXPORT_COLUMNS.join(',')];
    for (let p = 0; p < 260; p++) {
      for (let v = 0; v < 20; v++) {
        lines.push(
          cells({
            name: v === 0 ? `Tee ${p}` : '',
            status: v === 0 ? 'Live' : '',
            sku: `T${p}-${v}`,
            wholesale_price: `${5 + (v % 5)}.00`,
            inventory: String(v),
            handle: `tee-${p}`,
            option1_name: v === 0 ? 'Size' : '',
            option1_value: `S${v % 5}`,
            option2_name: v === 0 ? 'Colour' : '',
            option2_value: `C${Math.floor(v / 5)}`,
          }),
        );
      }
    }
    const body = Buffer.from(lines.join('\n') + '\n');
    const send = () =>
      h.call('POST', `/api/product/organization/${s.orgId}/import`, {
        token: s.token,
        body,
        headers: { 'content-type': 'text/csv' },
      });
    const first = await send();
    expect(first.status, JSON.stringify(first.body).slice(0, 500)).toBe(200);
    expect(first.body).toMatchObject({ rows: 5_200, created: 5_200, updated: 0 });
    const again = await send();
    expect(again.body).toMatchObject({ rows: 5_200, created: 0, updated: 0, unchanged: 5_200 });

    const counts = await h.testDb.database.db.execute<{ products: number; variants: number; stocked: number }>(sql`
      select count(*) filter (where parent_id is null)::int as products,
             count(*) filter (where parent_id is not null)::int as variants,
             count(*) filter (where parent_id is not null and inventory_count > 0 and track_inventory)::int as stocked
        from products where organization_id = ${s.orgId}`);
    expect(counts.rows[0]).toEqual({ products: 260, variants: 5_200, stocked: 4_940 });
  });
});
