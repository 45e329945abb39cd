import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CATALOG_CSV_COLUMNS, CATALOG_CSV_EXPORT_COLUMNS } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';
import { inventoryTransactions, products } from '../../db/schema.js';
import { multipartBody } from '../../../test/support/media.js';

const MAX = 256 * 1024;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ MEDIA_MAX_BYTES: String(MAX) });
});
afterAll(async () => h?.close());

type Seller = TestUser & { orgId: string };
const HEADER = CATALOG_CSV_COLUMNS.join(',');

function csv(...rows: string[]) {
  return [HEADER, ...rows].join('\n') + '\n';
}

const asCsv = (text: string | Buffer) => ({
  body: Buffer.isBuffer(text) ? text : Buffer.from(text),
  headers: { 'content-type': 'text/csv' },
});

async function preview(s: Seller, text: string | Buffer) {
  return h.call('POST', `/api/product/organization/${s.orgId}/import/preview`, { token: s.token, ...asCsv(text) });
}
async function commit(s: Seller, text: string | Buffer) {
  return h.call('POST', `/api/product/organization/${s.orgId}/import`, { token: s.token, ...asCsv(text) });
}
async function list(s: Seller) {
  return (await h.call('GET', `/api/product/organization/${s.orgId}?limit=200`, { token: s.token })).body as any[];
}
async function exportCsv(s: Seller) {
  return h.app.inject({
    method: 'GET',
    url: `/api/product/organization/${s.orgId}/export`,
    headers: { authorization: `Bearer ${s.token}` },
  });
}

const GOOD = csv(
  'Ghost Pepper Sauce,"Hot, hotter, hottest.\nAged.",GP-1,012345678905,Case,12,48.00,7.99,6.5,lb,Live,100',
  'Mild Salsa,,SAL-2,,each,,3.5,$5.00,12,OZ,draft,',
  'Agave Syrup,Organic,AG-3,,Box,6,"1,234.56",,,,,0',
);

describe('catalogue import preview', () => {
  it('parses the rows, shows a sample and counts creates and updates', async () => {
    const s = await h.newOrgUser('Merchant');
    await h.call('PUT', '/api/product', {
      token: s.token,
      body: { name: 'Old salsa', stock_keeping_unit: 'SAL-2', organization: { id: s.orgId } },
    });
    const res = await preview(s, GOOD);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      rows: 3,
      valid: 3,
      error_count: 0,
      errors: [],
      to_create: 2,
      to_update: 1,
      ignored_columns: [],
    });
    expect(res.body.sample[0]).toEqual({
      row: 2,
      action: 'create',
      name: 'Ghost Pepper Sauce',
      description: 'Hot, hotter, hottest.\nAged.',
      sku: 'GP-1',
      upc: '012345678905',
      order_unit: 'Case',
      quantity_per_unit: 12,
      wholesale_price_in_cents: 4800,
      retail_price_in_cents: 799,
      weight: 6.5,
      weight_unit: 'lb',
      status: 'Live',
      inventory: 100,
      track_inventory: null,
      order_increment: null,
      price_breaks: null,
      handle: null,
      option_values: [],
    });
    expect(res.body.sample[1]).toMatchObject({
      row: 3,
      action: 'update',
      order_unit: 'Each',
      wholesale_price_in_cents: 350,
      retail_price_in_cents: 500,
      weight_unit: 'oz',
      status: 'Draft',
      inventory: null,
    });
    expect(res.body.sample[2]).toMatchObject({ wholesale_price_in_cents: 123456, status: null });
    expect(await list(s)).toHaveLength(1);
  });

  it('lists every bad cell with its row and column', async () => {
    const s = await h.newOrgUser('Merchant');
    const res = await preview(
      s,
      csv(
        'Good one,,OK-1,,,,1.00,,,,,',
        ',,NO-NAME,,,,,,,,,',
        'Neg,,N-1,,,,-1.00,,,,,',
        'Decimals,,D-1,,,,1.999,,,,,',
        'Words,,W-1,,,,,cheap,,,,',
        'Unit,,U-1,,Pallet,,,,,stone,Published,',
        'Upc,,UPC-1,7.12346E+11,,,,,,,,',
        'Dup,,OK-1,,,,,,,,,',
        'Qty,,Q-1,,,0,,,,,,-5',
        `${'x'.repeat(201)},,LONG,,,,,,,,,`,
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 10, valid: 1, to_create: 1, to_update: 0 });
    const errs = res.body.errors.map((e: any) => `${e.row}:${e.field}`);
    expect(errs).toEqual([
      '3:name',
      '4:wholesale_price',
      '5:wholesale_price',
      '6:retail_price',
      '7:order_unit',
      '7:weight_unit',
      '7:status',
      '8:upc',
      '9:sku',
      '10:quantity_per_unit',
      '10:inventory',
      '11:name',
    ]);
    const byKey = Object.fromEntries(res.body.errors.map((e: any) => [`${e.row}:${e.field}`, e.message]));
    expect(byKey['4:wholesale_price']).toBe('must not be negative');
    expect(byKey['5:wholesale_price']).toBe('must have at most 2 decimals');
    expect(byKey['7:order_unit']).toBe('must be one of Each, Case, Pack, Box, Dozen (got "Pallet")');
    expect(byKey['8:upc']).toMatch(/scientific notation/);
    expect(byKey['9:sku']).toBe('"OK-1" is also on row 2; each SKU may appear once');
    expect(res.body.error_count).toBe(12);
  });

  it('refuses a file whose header lacks columns, naming them; and an empty file', async () => {
    const s = await h.newOrgUser('Merchant');
    const res = await preview(s, 'name,description,price\nSoap,,3\n');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(
      'missing the columns sku, upc, order_unit, quantity_per_unit, wholesale_price, retail_price, weight, weight_unit, status, inventory',
    );
    expect(res.body.issues.map((i: any) => i.path)).toContain('wholesale_price');
    const empty = await preview(s, '');
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].path).toBe('file');
    const broken = await preview(s, csv('"Unclosed,,,,,,,,,,,'));
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/could not be read/);
  });

  it('reads multipart uploads, semicolons, a BOM, Windows-1252 text, any header case and extra columns', async () => {
    const s = await h.newOrgUser('Merchant');
    const mp = multipartBody([{ filename: 'catalog.csv', contentType: 'text/csv', data: GOOD }]);
    const viaMultipart = await h.call('POST', `/api/product/organization/${s.orgId}/import/preview`, {
      token: s.token,
      body: mp.body,
      headers: mp.headers,
    });
    expect([viaMultipart.status, viaMultipart.body.valid]).toEqual([200, 3]);

    const semicolons = `\uFEFF${CATALOG_CSV_COLUMNS.map((c) => c.toUpperCase()).join(';')};Notes\nCrème brûlée;;CB-1;;;;2,50;;;;;;internal\n`;
    const semi = await preview(s, semicolons);
    expect(semi.status, JSON.stringify(semi.body)).toBe(200);
    // "2,50" with a semicolon delimiter is not a valid amount (the decimal separator is a dot).
    expect(semi.body.errors[0]).toMatchObject({ row: 2, field: 'wholesale_price' });
    expect(semi.body.ignored_columns).toEqual(['notes']);

    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\n`),
      Buffer.from([0x43, 0x72, 0xe8, 0x6d, 0x65]),
      Buffer.from(',,CR-1,,,,1.00,,,,,\n'),
    ]);
    const win = await preview(s, latin1);
    expect(win.body.sample[0].name).toBe('Crème');
  });

  it('answers 400 naming file for a truncated multipart upload or a second file, and imports nothing', async () => {
    const s = await h.newOrgUser('Merchant');
    const mp = multipartBody([{ filename: 'catalog.csv', contentType: 'text/csv', data: GOOD }]);
    const two = multipartBody([
      { filename: 'a.csv', contentType: 'text/csv', data: GOOD },
      { filename: 'b.csv', contentType: 'text/csv', data: GOOD },
    ]);
    for (const path of ['import/preview', 'import']) {
      const url = `/api/product/organization/${s.orgId}/${path}`;
      for (const cut of [Math.floor(mp.body.length / 2), mp.body.lastIndexOf('\r\n--')]) {
        const res = await h.call('POST', url, { token: s.token, body: mp.body.subarray(0, cut), headers: mp.headers });
        expect([res.status, res.body.issues?.[0]?.path], `${path} cut at ${cut}`).toEqual([400, 'file']);
        expect(res.body.message).toMatch(/^file: the upload could not be read/);
      }
      const twoFiles = await h.call('POST', url, { token: s.token, body: two.body, headers: two.headers });
      expect([twoFiles.status, twoFiles.body.message, twoFiles.body.issues[0].path]).toEqual([
        400,
        'file: send one file per request.',
        'file',
      ]);
    }
    expect(await list(s)).toEqual([]);
  });

  it('answers 401, 403 and 413', async () => {
    const s = await h.newOrgUser('Merchant');
    const other = await h.newOrgUser('Merchant');
    expect((await h.call('POST', `/api/product/organization/${s.orgId}/import/preview`, asCsv(GOOD))).status).toBe(401);
    expect(
      (
        await h.call('POST', `/api/product/organization/${s.orgId}/import/preview`, {
          token: other.token,
          ...asCsv(GOOD),
        })
      ).status,
    ).toBe(403);
    const big = csv(
      ...Array.from({ length: 6000 }, (_, i) => `Product number ${i} with a long enough name,,SKU-${i},,,,1.00,,,,,`),
    );
    expect(big.length).toBeGreaterThan(MAX);
    const tooBig = await preview(s, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toContain('larger than');
    const mp = multipartBody([{ filename: 'big.csv', contentType: 'text/csv', data: big }]);
    const tooBigMultipart = await h.call('POST', `/api/product/organization/${s.orgId}/import`, {
      token: s.token,
      body: mp.body,
      headers: mp.headers,
    });
    expect(tooBigMultipart.status).toBe(413);
    expect(await list(s)).toEqual([]);
    // Just over the limit: refused while reading (multipart limit / body limit), not up front.
    const justOver = Buffer.alloc(MAX + 10 * 1024, 'a');
    const mp2 = multipartBody([{ filename: 'over.csv', contentType: 'text/csv', data: justOver }]);
    const overMultipart = await h.call('POST', `/api/product/organization/${s.orgId}/import/preview`, {
      token: s.token,
      body: mp2.body,
      headers: mp2.headers,
    });
    expect([overMultipart.status, overMultipart.body.error]).toEqual([413, 'payload_too_large']);
    const overBody = await preview(s, justOver);
    expect([overBody.status, overBody.body.error]).toEqual([413, 'payload_too_large']);
    expect(overBody.body.message).toBe(
      'The file is larger than 256 KB. Split the catalog into smaller files and import them one after the other.',
    );
    const noFile = await h.call('POST', `/api/product/organization/${s.orgId}/import`, {
      token: s.token,
      body: { rows: [] },
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.issues[0].path).toBe('file');
  });
});

describe('catalogue import', () => {
  it('imports all or nothing: one bad row → 400 with the row errors and nothing written', async () => {
    const s = await h.newOrgUser('Merchant');
    const res = await commit(s, csv('Fine,,F-1,,,,1.00,,,,,5', 'Bad,,B-1,,,,1.001,,,,,'));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('import_invalid');
    expect(res.body.message).toContain('row 3: wholesale_price must have at most 2 decimals');
    expect(res.body.errors).toEqual([{ row: 3, field: 'wholesale_price', message: 'must have at most 2 decimals' }]);
    expect(res.body.issues[0].path).toBe('row 3.wholesale_price');
    expect(await list(s)).toEqual([]);
    const headerOnly = await commit(s, csv());
    expect(headerOnly.status).toBe(400);
  });

  it('creates the products in file order, sets stock, and is idempotent when run twice', async () => {
    const s = await h.newOrgUser('Merchant');
    const first = await commit(s, GOOD);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ rows: 3, created: 3, updated: 0, unchanged: 0, ignored_columns: [] });
    const items = await list(s);
    expect(items.map((p) => p.name)).toEqual(['Ghost Pepper Sauce', 'Mild Salsa', 'Agave Syrup']);
    expect(items[0]).toMatchObject({
      stock_keeping_unit: 'GP-1',
      unit_price_in_cents: 4800,
      msrp_in_cents: 799,
      quantity_per_unit: 12,
      inventory_count: 100,
      state: { state: 'Live' },
      order_unit: { unit: 'Case' },
      universal_product_code: '012345678905',
      product_physical_measurements: { weight: 6.5, weight_unit: { unit: 'lb' } },
    });
    expect(items[1]).toMatchObject({ state: { state: 'Draft' }, inventory_count: 0, unit_price_in_cents: 350 });
    expect(items[2]).toMatchObject({ unit_price_in_cents: 123456, msrp_in_cents: null, state: { state: 'Draft' } });

    const second = await commit(s, GOOD);
    expect(second.body).toEqual({ rows: 3, created: 0, updated: 0, unchanged: 3, ignored_columns: [] });
    const again = await list(s);
    expect(again).toHaveLength(3);
    expect(again[0].inventory_count).toBe(100);
    const stock = await h.testDb.database.db
      .select()
      .from(inventoryTransactions)
      .where(eq(inventoryTransactions.organizationId, s.orgId));
    expect(stock.map((t) => [t.inventoryTransactionType, t.count])).toEqual([['set', 100]]);

    // Changed prices and stock: updated in place, stock set (not added).
    const changed = GOOD.replace('48.00,7.99,6.5,lb,Live,100', '50.00,7.99,6.5,lb,Live,80');
    const third = await commit(s, changed);
    expect(third.body).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const after = await list(s);
    expect(after[0]).toMatchObject({ id: items[0].id, unit_price_in_cents: 5000, inventory_count: 80 });
  });

  it('takes two imports of the same new file at once without duplicating', async () => {
    const s = await h.newOrgUser('Merchant');
    const file = csv(...Array.from({ length: 40 }, (_, i) => `Parallel ${i},,PAR-${i},,,,1.00,,,,Live,${i}`));
    const [a, b] = await Promise.all([commit(s, file), commit(s, file)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.created + b.body.created, a.body.unchanged + b.body.unchanged]).toEqual([40, 40]);
    expect(await list(s)).toHaveLength(40);
  });

  it('keeps status and stock when their cells are empty, and stock that changed meanwhile', async () => {
    const s = await h.newOrgUser('Merchant');
    await commit(s, csv('Tea,,TEA-1,,,,4.00,,,,Live,10'));
    const [tea] = await list(s);
    await h.call('POST', '/api/inventory/transaction', { token: s.token, body: { count: 5, product: { id: tea.id } } });
    const res = await commit(s, csv('Green Tea,,TEA-1,,,,4.50,,,,,'));
    expect(res.body).toMatchObject({ created: 0, updated: 1 });
    const [after] = await list(s);
    expect(after).toMatchObject({
      id: tea.id,
      name: 'Green Tea',
      unit_price_in_cents: 450,
      state: { state: 'Live' },
      inventory_count: 15,
    });
  });

  it('matches rows without a SKU by name, and refuses ambiguous names', async () => {
    const s = await h.newOrgUser('Merchant');
    const file = csv('Honey Jar,,,,,,9.00,,,,,3', 'Beeswax,,,,,,2.00,,,,,');
    expect((await commit(s, file)).body).toMatchObject({ created: 2 });
    const twice = await commit(s, file.replace('9.00', '9.50'));
    expect(twice.body).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect((await list(s)).map((p) => [p.name, p.unit_price_in_cents])).toEqual([
      ['Honey Jar', 950],
      ['Beeswax', 200],
    ]);
    // A second product named Beeswax without a SKU makes the name ambiguous.
    await h.call('PUT', '/api/product', { token: s.token, body: { name: 'beeswax', organization: { id: s.orgId } } });
    const ambiguous = await commit(s, file);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.errors[0]).toMatchObject({ row: 3, field: 'sku' });
    const dupInFile = await preview(s, csv('Candle,,,,,,,,,,,', 'candle,,,,,,,,,,,'));
    expect(dupInFile.body.errors[0]).toMatchObject({ row: 3, field: 'sku' });
  });
});

describe('catalogue export', () => {
  it('downloads the catalogue as CSV that imports back to the same catalogue', async () => {
    const s = await h.newOrgUser('Merchant');
    const tricky = csv(
      '"=HYPERLINK(""http://evil"")",+1 formula,-SKU,,,,0.10,,0.125,kg,Archived,7',
      '"Quote ""Deluxe""",  spaced  ,Q-1,,,,,,,,,',
    );
    expect((await commit(s, GOOD)).status).toBe(200);
    expect((await commit(s, tricky)).status).toBe(200);
    await h.call('PUT', '/api/product', {
      token: s.token,
      body: { name: 'Made by hand', organization: { id: s.orgId } },
    });
    const deleted = await h.call('PUT', '/api/product', {
      token: s.token,
      body: { name: 'Deleted', stock_keeping_unit: 'DEL', organization: { id: s.orgId } },
    });
    await h.call('DELETE', `/api/product/${deleted.body.id}`, { token: s.token });

    const res = await exportCsv(s);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="merchant-.*-catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.body;
    expect(text.startsWith(`\uFEFF${CATALOG_CSV_EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(text).not.toContain('Deleted');
    // Formula-like cells are escaped for spreadsheets.
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")",'+1 formula,'-SKU`);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 6);

    // Import the export into another organization: it exports the same file.
    const copy = await h.newOrgUser('Merchant');
    const imported = await commit(copy, Buffer.from(text, 'utf8'));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ rows: 6, created: 6 });
    const again = await exportCsv(copy);
    expect(again.body).toBe(text);
    const names = (await list(copy)).map((p) => p.name);
    expect(names).toContain('=HYPERLINK("http://evil")');
    expect(names).toContain('Quote "Deluxe"');
    // Re-importing the export into the original changes nothing.
    expect((await commit(s, Buffer.from(text, 'utf8'))).body).toMatchObject({ created: 0, updated: 0, unchanged: 6 });
  });
});

describe('import writes', () => {
  it('stores exact cents and decimal weights', async () => {
    const s = await h.newOrgUser('Merchant');
    await commit(s, csv('Precise,,P-1,,,,0.29,1.10,0.333,g,,'));
    const [row] = await h.testDb.database.db.select().from(products).where(eq(products.organizationId, s.orgId));
    expect(row).toMatchObject({ unitPriceInCents: 29, msrpInCents: 110, weight: '0.333' });
  });
});

describe('Track inventory in the CSV', () => {
  const tracked = async (s: Seller) =>
    Object.fromEntries((await list(s)).map((p) => [p.stock_keeping_unit, [p.track_inventory, p.inventory_count]]));

  it('turns tracking on for rows that change the stock; files without the column still import', async () => {
    const s = await h.newOrgUser('Merchant');
    // An existing product, not tracked, with 4 in stock (set while tracking was off again).
    const made = await h.call('PUT', '/api/product', {
      token: s.token,
      body: { name: 'Existing', stock_keeping_unit: 'EX-1', organization: { id: s.orgId } },
    });
    await h.call('POST', '/api/inventory/transaction', {
      token: s.token,
      body: { count: 4, product: { id: made.body.id }, inventory_transaction_type: 'set' },
    });
    await h.call('PUT', '/api/product', {
      token: s.token,
      body: { id: made.body.id, track_inventory: false, organization: { id: s.orgId } },
    });
    const res = await commit(
      s,
      csv(
        'Stocked,,NEW-1,,,,,,,,,25',
        'No stock given,,NEW-2,,,,,,,,,',
        'Zero stock,,NEW-3,,,,,,,,,0',
        'Existing,,EX-1,,,,,,,,,4',
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await tracked(s)).toEqual({
      'NEW-1': [true, 25],
      'NEW-2': [false, 0],
      'NEW-3': [false, 0],
      // The same stock as before: nothing changes, tracking stays off.
      'EX-1': [false, 4],
    });
    expect((await commit(s, csv('Existing,,EX-1,,,,,,,,,6'))).body).toMatchObject({ updated: 1 });
    expect((await tracked(s))['EX-1']).toEqual([true, 6]);
  });

  it('reads a track_inventory column (yes/no; empty keeps), refuses other values naming it, and exports it', async () => {
    const s = await h.newOrgUser('Merchant');
    const header = `${CATALOG_CSV_COLUMNS.join(',')},track_inventory`;
    const file = (...rows: string[]) => [header, ...rows].join('\n') + '\n';
    const res = await commit(
      s,
      file('Told no,,T-1,,,,,,,,,5,no', 'Told yes,,T-2,,,,,,,,,,Yes', 'Left empty,,T-3,,,,,,,,,7,'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ignored_columns).toEqual([]);
    expect(await tracked(s)).toEqual({ 'T-1': [false, 5], 'T-2': [true, 0], 'T-3': [true, 7] });

    const bad = await preview(s, file('Unsure,,T-4,,,,,,,,,,maybe'));
    expect(bad.body.errors).toEqual([{ row: 2, field: 'track_inventory', message: 'must be yes or no (got "maybe")' }]);

    // (trim() also takes the byte order mark away)
    const exported = (await exportCsv(s)).body.trim().split('\r\n');
    expect(exported[0]).toBe(CATALOG_CSV_EXPORT_COLUMNS.join(','));
    const trackColumn = CATALOG_CSV_EXPORT_COLUMNS.indexOf('track_inventory');
    expect(
      exported
        .slice(1)
        .map((line: string) => line.split(',')[trackColumn])
        .sort(),
    ).toEqual(['no', 'yes', 'yes']);
    // Turning tracking off by file, with the stock unchanged.
    expect((await commit(s, file('Left empty,,T-3,,,,,,,,,7,no'))).body).toMatchObject({ updated: 1 });
    expect((await tracked(s))['T-3']).toEqual([false, 7]);
  });
});

describe('Volume pricing in the CSV', () => {
  const header = `${CATALOG_CSV_COLUMNS.join(',')},track_inventory,order_increment,price_breaks`;
  const file = (...rows: string[]) => [header, ...rows].join('\n') + '\n';
  const rules = async (s: Seller) =>
    Object.fromEntries(
      (await list(s)).map((p) => [
        p.stock_keeping_unit,
        [p.order_increment, p.price_breaks.map((b: any) => `${b.min_quantity}:${b.unit_price_in_cents}`).join(';')],
      ]),
    );

  it('imports order_increment and price_breaks, exports them, and round-trips', async () => {
    const s = await h.newOrgUser('Merchant');
    const res = await commit(
      s,
      file(
        'Oil,,V-1,,,,5.00,,,,Live,,,6,"12:4.10;24:3.90"',
        'Salt,,V-2,,,,2.00,,,,Live,,,,',
        'Rice,,V-3,,,,3.00,,,,,,,1,36:$2.50',
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await rules(s)).toEqual({ 'V-1': [6, '12:410;24:390'], 'V-2': [1, ''], 'V-3': [1, '36:250'] });

    const text = (await exportCsv(s)).body;
    expect(text).toContain('Oil,,V-1,,,,5.00,,,,Live,0,no,6,12:4.10;24:3.90,oil,,,,,,\r\n');
    // Into another store and back out: the same file.
    const copy = await h.newOrgUser('Merchant');
    expect((await commit(copy, Buffer.from(text, 'utf8'))).body).toMatchObject({ created: 3 });
    expect((await exportCsv(copy)).body).toBe(text);
    // The export again into its own store: nothing changes.
    expect((await commit(s, Buffer.from(text, 'utf8'))).body).toMatchObject({ created: 0, updated: 0, unchanged: 3 });

    // A cell changes the breaks only: the product counts as updated; an empty cell removes them.
    expect((await commit(s, file('Oil,,V-1,,,,5.00,,,,Live,0,no,6,12:4.00'))).body).toMatchObject({ updated: 1 });
    expect((await commit(s, file('Rice,,V-3,,,,3.00,,,,,0,no,1,'))).body).toMatchObject({ updated: 1 });
    // A file without the columns keeps them.
    expect((await commit(s, csv('Oil,,V-1,,,,5.00,,,,Live,0'))).body).toMatchObject({ unchanged: 1 });
    expect(await rules(s)).toEqual({ 'V-1': [6, '12:400'], 'V-2': [1, ''], 'V-3': [1, ''] });
  });

  it('refuses breaks that do not fit, naming the row and the column, and imports nothing', async () => {
    const s = await h.newOrgUser('Merchant');
    await commit(s, file('Oil,,V-1,,,,5.00,,,,Live,,,6,12:4.10'));
    const badFile = file(
      'Fine,,V-9,,,,5.00,,,,,,,,12:4.00',
      'Typo,,V-2,,,,5.00,,,,,,,,12-4.00',
      'Odd,,V-3,,,,5.00,,,,,,,6,15:4.00',
      'Pricey,,V-4,,,,5.00,,,,,,,,12:5.00',
      'No price,,V-5,,,,,,,,,,,,12:1.00',
      'Zero step,,V-6,,,,5.00,,,,,,,0,',
    );
    expect((await commit(s, badFile)).status).toBe(400);
    const bad = await preview(s, badFile);
    expect(bad.body.errors).toEqual([
      { row: 3, field: 'price_breaks', message: '"12-4.00" must be quantity:price such as 12:4.10' },
      { row: 4, field: 'price_breaks', message: '15: its quantity must be a multiple of the order increment (6)' },
      { row: 5, field: 'price_breaks', message: '12: its price must be less than the unit price ($5.00)' },
      { row: 6, field: 'wholesale_price', message: 'is required when the product has price breaks' },
      { row: 7, field: 'order_increment', message: 'must be at least 1' },
    ]);
    // Without the price_breaks column, a new price must still fit the product's breaks.
    const cheaper = await commit(s, csv('Oil,,V-1,,,,4.00,,,,Live,'));
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.errors).toEqual([
      { row: 2, field: 'price_breaks', message: '12: its price must be less than the unit price ($4.00)' },
    ]);
    expect(await rules(s)).toEqual({ 'V-1': [6, '12:410'] });
  });
});
