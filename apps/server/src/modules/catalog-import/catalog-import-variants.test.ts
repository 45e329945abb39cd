/**
 * Variants in the catalogue CSV (issue 24; README "Variants in the CSV"): the export writes a row
 * per variant grouped by handle; importing it back changes nothing; a file with handles makes
 * products with options and variants; the bad input of the issue is refused row by row and
 * nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CSV_EXPORT_COLUMNS, Product } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => h?.close());

type Seller = TestUser & { orgId: string };
const HEADER = CATALOG_CSV_EXPORT_COLUMNS.join(',');
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLOURS = ['Black', 'White', 'Navy'];

const file = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';
/**
 * A row in export column order: name, description, sku, upc, order_unit, quantity_per_unit,
 * wholesale_price, retail_price, weight, weight_unit, status, inventory, track_inventory,
 * order_increment, price_breaks, handle, option1_name, option1_value, option2_name, option2_value.
 */
const row = (cells: Partial<Record<(typeof CATALOG_CSV_EXPORT_COLUMNS)[number], string>>) =>
  CATALOG_CSV_EXPORT_COLUMNS.map((c) => cells[c] ?? '').join(',');

const asCsv = (text: string) => ({ body: Buffer.from(text, 'utf8'), headers: { 'content-type': 'text/csv' } });
const commit = (s: Seller, text: string) =>
  h.call('POST', `/api/product/organization/${s.orgId}/import`, { token: s.token, ...asCsv(text) });
const preview = (s: Seller, text: string) =>
  h.call('POST', `/api/product/organization/${s.orgId}/import/preview`, { token: s.token, ...asCsv(text) });
const exportCsv = async (s: Seller) =>
  (
    await h.app.inject({
      method: 'GET',
      url: `/api/product/organization/${s.orgId}/export`,
      headers: { authorization: `Bearer ${s.token}` },
    })
  ).body;
const list = async (s: Seller) =>
  (await h.call('GET', `/api/product/organization/${s.orgId}?limit=200`, { token: s.token })).body as Product[];
const read = async (s: Seller, id: string) =>
  Product.parse((await h.call('GET', `/api/product/${id}`, { token: s.token })).body);

/** A tee in 5 sizes × 3 colours, with SKUs, a dearer XL, own breaks on one variant, one unavailable. */
async function tee(s: Seller): Promise<Product> {
  const put = (body: Record<string, unknown>) =>
    h.call('PUT', '/api/product', { token: s.token, body: { organization: { id: s.orgId }, ...body } });
  const made = await put({
    name: 'Heavy tee',
    description: 'Garment-dyed 240 gsm cotton',
    state: 'Live',
    unit_price_in_cents: 1_200,
    msrp_in_cents: 2_800,
    product_physical_measurements: { weight: 0.5, weight_unit: 'lb' },
    options: [
      { name: 'Size', values: SIZES },
      { name: 'Colour', values: COLOURS },
    ],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const product = Product.parse(made.body);
  const saved = await put({
    id: product.id,
    variants: product.variants.map((v) => ({
      id: v.id,
      option_values: v.option_values,
      stock_keeping_unit: `TEE-${v.option_values.join('-')}`,
      unit_price_in_cents: v.option_values[0] === 'XL' ? 1_400 : 1_200,
      ...(v.title === 'M / Navy'
        ? {
            own_volume_rules: true,
            order_increment: 2,
            price_breaks: [{ min_quantity: 12, unit_price_in_cents: 1_000 }],
          }
        : {}),
      ...(v.title === 'XS / White' ? { available: false } : {}),
    })),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const mBlack = product.variants.find((v) => v.title === 'M / Black')!;
  const stock = await h.call('POST', '/api/inventory/transaction', {
    token: s.token,
    body: { product: { id: mBlack.id }, inventory_transaction_type: 'set', count: 40 },
  });
  expect(stock.status, JSON.stringify(stock.body)).toBe(200);
  return read(s, product.id);
}

describe('catalogue CSV with variants', () => {
  it('exports a tee with 15 variants as 15 rows under one handle; importing the export changes nothing', async () => {
    const s = await h.newOrgUser('Merchant');
    const product = await tee(s);
    const text = await exportCsv(s);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(1 + 15);
    const cells = lines.slice(1).map((l) => l.split(','));
    const col = (name: (typeof CATALOG_CSV_EXPORT_COLUMNS)[number]) => CATALOG_CSV_EXPORT_COLUMNS.indexOf(name);
    expect(new Set(cells.map((c) => c[col('handle')]))).toEqual(new Set(['heavy-tee']));
    // The product's cells and option names on its first row; each variant's own cells on every row.
    expect(cells[0]!.slice(col('handle'))).toEqual(['heavy-tee', 'Size', 'XS', 'Colour', 'Black', '', '']);
    expect(cells[0]![col('name')]).toBe('Heavy tee');
    expect(cells[0]![col('status')]).toBe('Live');
    expect(cells[1]![col('name')]).toBe('');
    expect(cells[1]!.slice(col('handle'))).toEqual(['heavy-tee', '', 'XS', '', 'White', '', '']);
    expect(lines).toContain(
      row({
        sku: 'TEE-M-Navy',
        wholesale_price: '12.00',
        retail_price: '28.00',
        weight: '0.5',
        inventory: '0',
        track_inventory: 'no',
        order_increment: '2',
        price_breaks: '12:10.00',
        handle: 'heavy-tee',
        option1_value: 'M',
        option2_value: 'Navy',
      }),
    );
    expect(lines).toContain(
      row({
        sku: 'TEE-M-Black',
        wholesale_price: '12.00',
        retail_price: '28.00',
        weight: '0.5',
        inventory: '40',
        track_inventory: 'yes',
        order_increment: '1',
        handle: 'heavy-tee',
        option1_value: 'M',
        option2_value: 'Black',
      }),
    );

    // Back into its own store: every row matches its variant, nothing changes.
    const again = await commit(s, text);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ rows: 15, created: 0, updated: 0, unchanged: 15 });
    const after = await read(s, product.id);
    expect(after).toEqual(product);
    expect(await exportCsv(s)).toBe(text);
    expect(await list(s)).toHaveLength(1);

    // Into another store: the same product, options and variants (an unavailable variant's
    // availability is not in the file: it is available there).
    const copy = await h.newOrgUser('Merchant');
    const imported = await commit(copy, text);
    expect(imported.body).toMatchObject({ rows: 15, created: 15, updated: 0 });
    const [copied] = await list(copy);
    const full = await read(copy, copied!.id);
    expect(full.options).toEqual(product.options);
    expect(full.variants.map((v) => [v.title, v.stock_keeping_unit, v.unit_price_in_cents, v.inventory_count])).toEqual(
      product.variants.map((v) => [v.title, v.stock_keeping_unit, v.unit_price_in_cents, v.inventory_count]),
    );
    const navy = full.variants.find((v) => v.title === 'M / Navy')!;
    expect(navy).toMatchObject({
      own_volume_rules: true,
      order_increment: 2,
      price_breaks: [{ min_quantity: 12, unit_price_in_cents: 1_000 }],
    });
    expect(full.variants.find((v) => v.title === 'S / Black')).toMatchObject({
      own_volume_rules: false,
      price_breaks: [],
    });
  });

  it('imports handles as products with options and variants, then adds and updates variants without removing any', async () => {
    const s = await h.newOrgUser('Merchant');
    const v = (size: string, colour: string, extra: Record<string, string> = {}) =>
      row({ handle: 'candle', option1_value: size, option2_value: colour, ...extra });
    const res = await commit(
      s,
      file(
        row({
          name: 'Soy candle',
          description: 'Hand poured',
          order_unit: 'Case',
          quantity_per_unit: '6',
          weight_unit: 'oz',
          status: 'Live',
          sku: 'C-8-FIG',
          wholesale_price: '9.00',
          retail_price: '18.00',
          weight: '8',
          inventory: '24',
          handle: 'candle',
          option1_name: 'Size',
          option1_value: '8 oz',
          option2_name: 'Scent',
          option2_value: 'Fig',
        }),
        v('8 oz', 'Cedar', { sku: 'C-8-CED', wholesale_price: '9.00', weight: '8', price_breaks: '12:8.00' }),
        v('12 oz', 'Fig', { sku: 'C-12-FIG', wholesale_price: '12.50', weight: '12' }),
        row({ name: 'Matches', sku: 'M-1', wholesale_price: '1.00', handle: 'matches' }),
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rows: 4, created: 4, updated: 0, unchanged: 0 });
    const products = await list(s);
    expect(products.map((p) => p.name).sort()).toEqual(['Matches', 'Soy candle']);
    const candle = await read(s, products.find((p) => p.name === 'Soy candle')!.id);
    expect(candle.options).toEqual([
      { name: 'Size', values: ['8 oz', '12 oz'] },
      { name: 'Scent', values: ['Fig', 'Cedar'] },
    ]);
    expect(candle).toMatchObject({ description: 'Hand poured', order_unit: { unit: 'Case' }, quantity_per_unit: 6 });
    expect(
      candle.variants.map((x) => [
        x.title,
        x.stock_keeping_unit,
        x.unit_price_in_cents,
        x.weight,
        x.inventory_count,
        x.track_inventory,
      ]),
    ).toEqual([
      ['8 oz / Fig', 'C-8-FIG', 900, 8, 24, true],
      ['8 oz / Cedar', 'C-8-CED', 900, 8, 0, false],
      ['12 oz / Fig', 'C-12-FIG', 1_250, 12, 0, false],
    ]);
    expect(candle.variants[1]).toMatchObject({
      own_volume_rules: true,
      price_breaks: [{ min_quantity: 12, unit_price_in_cents: 800 }],
    });
    // A variant read by its own id: named with its values, Live like its product, the product's unit.
    const variant = await read(s, candle.variants[2]!.id);
    expect(variant).toMatchObject({
      name: 'Soy candle — 12 oz / Fig',
      parent_product_id: candle.id,
      variant_title: '12 oz / Fig',
      state: { state: 'Live' },
      order_unit: { unit: 'Case' },
      description: 'Hand poured',
    });

    // A second file: one variant by SKU with a new price, a new combination, a renamed product
    // (its first row); 12 oz / Fig is not in the file and stays.
    const second = await commit(
      s,
      file(
        row({
          name: 'Soy candle large',
          status: 'Live',
          sku: 'C-8-FIG',
          wholesale_price: '9.50',
          weight: '8',
          handle: 'x',
          option1_name: 'size',
          option1_value: '8 oz',
          option2_name: 'Scent',
          option2_value: 'Fig',
        }),
        row({ sku: 'C-12-CED', wholesale_price: '12.50', handle: 'x', option1_value: '12 OZ', option2_value: 'Cedar' }),
      ),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ rows: 2, created: 1, updated: 1 });
    const now = await read(s, candle.id);
    expect(now.name).toBe('Soy candle large');
    expect(now.options[0]).toEqual({ name: 'Size', values: ['8 oz', '12 oz'] });
    expect(now.variants.map((x) => [x.title, x.stock_keeping_unit, x.unit_price_in_cents])).toEqual([
      ['8 oz / Fig', 'C-8-FIG', 950],
      ['8 oz / Cedar', 'C-8-CED', 900],
      ['12 oz / Fig', 'C-12-FIG', 1_250],
      ['12 oz / Cedar', 'C-12-CED', 1_250],
    ]);
    // Every variant (the ones not in the file too) is named after the product's new name.
    expect((await read(s, now.variants[2]!.id)).name).toBe('Soy candle large — 12 oz / Fig');
  });

  it("reads Shopify's header spelling and its Default Title for a product without options", async () => {
    const s = await h.newOrgUser('Merchant');
    const header = HEADER.replace('handle', 'Handle').replace(
      /option(\d)_(name|value)/g,
      (_m, n: string, what: string) => `Option${n} ${what === 'name' ? 'Name' : 'Value'}`,
    );
    const text = [
      header,
      row({ name: 'Cap', sku: 'CAP-1', handle: 'cap', option1_name: 'Title', option1_value: 'Default Title' }),
      row({ name: 'Sock', sku: 'SOCK-S', handle: 'sock', option1_name: 'Size', option1_value: 'S' }),
      row({ sku: 'SOCK-M', handle: 'sock', option1_value: 'M' }),
    ].join('\n');
    const res = await commit(s, text);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rows: 3, created: 3, ignored_columns: [] });
    const products = await list(s);
    expect(products.find((p) => p.name === 'Cap')).toMatchObject({ stock_keeping_unit: 'CAP-1', options: [] });
    expect(products.find((p) => p.name === 'Sock')!.options).toEqual([{ name: 'Size', values: ['S', 'M'] }]);
  });

  it('refuses the bad input of variants row by row and writes nothing', async () => {
    const s = await h.newOrgUser('Merchant');
    await h.call('PUT', '/api/product', {
      token: s.token,
      body: { organization: { id: s.orgId }, name: 'Mug', stock_keeping_unit: 'MUG-1' },
    });
    const first = (extra: Record<string, string> = {}) =>
      row({ name: 'Tee', handle: 'tee', option1_name: 'Size', option1_value: 'S', ...extra });
    const cases: [string, string, { row: number; field: string; message: RegExp }[]][] = [
      [
        'a value written two ways',
        file(first(), row({ handle: 'tee', option1_value: 's' })),
        [{ row: 3, field: 'option1_value', message: /"s" is written "S" on row 2/ }],
      ],
      [
        'one combination twice',
        file(first(), row({ handle: 'tee', option1_value: 'M' }), row({ handle: 'tee', option1_value: 'M' })),
        [{ row: 4, field: 'option1_value', message: /M is also on row 3/ }],
      ],
      [
        'a SKU twice in the file',
        file(first({ sku: 'T-1' }), row({ handle: 'tee', option1_value: 'M', sku: 'T-1' })),
        [{ row: 3, field: 'sku', message: /"T-1" is also on row 2/ }],
      ],
      [
        "another product's SKU",
        file(first({ sku: 'MUG-1' })),
        [{ row: 2, field: 'sku', message: /"MUG-1" is the SKU of another product/ }],
      ],
      [
        'option names differing between rows',
        file(
          first({ option2_name: 'Colour', option2_value: 'Red' }),
          row({ handle: 'tee', option1_name: 'Fit', option1_value: 'M', option2_value: 'Red' }),
        ),
        [{ row: 3, field: 'option1_name', message: /must be "Size" as on row 2/ }],
      ],
      [
        'option values without a handle',
        file(row({ name: 'Tee', option1_name: 'Size', option1_value: 'S' })),
        [{ row: 2, field: 'handle', message: /is required on a row with option values/ }],
      ],
      [
        'a fourth option',
        `${HEADER},option4_name,option4_value\n${first()},Fit,Slim\n`,
        [
          { row: 2, field: 'option4_name', message: /at most 3 options/ },
          { row: 2, field: 'option4_value', message: /at most 3 options/ },
        ],
      ],
      [
        'a row of a product missing an option value',
        file(first({ option2_name: 'Colour', option2_value: 'Red' }), row({ handle: 'tee', option1_value: 'M' })),
        [{ row: 3, field: 'option2_value', message: /is required: the product "tee" has the option "Colour"/ }],
      ],
      [
        'two rows of one handle without options',
        file(row({ name: 'Tee', handle: 'tee' }), row({ name: 'Tee 2', handle: 'tee' })),
        [{ row: 3, field: 'handle', message: /is also on row 2, which has no option values/ }],
      ],
      [
        'more than 100 values of an option',
        file(first(), ...Array.from({ length: 100 }, (_, i) => row({ handle: 'tee', option1_value: `V${i}` }))),
        [{ row: 102, field: 'option1_value', message: /the option "Size" has more than 100 values/ }],
      ],
      [
        'more than 2,048 variants',
        file(
          first({ option2_name: 'Colour', option2_value: 'C' }),
          ...Array.from({ length: 2048 }, (_, i) =>
            row({ handle: 'tee', option1_value: `S${i % 50}`, option2_value: `C${Math.floor(i / 50)}` }),
          ),
        ),
        [
          {
            row: 2050,
            field: 'handle',
            message: /"tee" has more than 2,048 rows: a product has at most 2,048 variants/,
          },
        ],
      ],
    ];
    for (const [label, text, expected] of cases) {
      const res = await commit(s, text);
      expect(res.status, label).toBe(400);
      const errors = res.body.errors as { row: number; field: string; message: string }[];
      for (const e of expected) {
        expect(
          errors.some((x) => x.row === e.row && x.field === e.field && e.message.test(x.message)),
          `${label}: ${JSON.stringify(errors.slice(0, 5))}`,
        ).toBe(true);
      }
    }
    expect((await list(s)).map((p) => p.name)).toEqual(['Mug']);

    // A variant's SKU on a row without handle and options would overwrite the variant: refused.
    expect((await commit(s, file(first({ sku: 'T-S' })))).status).toBe(200);
    const standalone = await commit(s, file(row({ name: 'Tee S', sku: 'T-S', wholesale_price: '5.00' })));
    expect(standalone.status).toBe(400);
    expect(standalone.body.errors).toEqual([
      {
        row: 2,
        field: 'sku',
        message: '"T-S" is the SKU of a variant: give the row the handle and option values of its product',
      },
    ]);
    // Nor does a row without handle update a product with options by its name.
    const byName = await commit(s, file(row({ name: 'Tee', wholesale_price: '5.00' })));
    expect(byName.body.errors).toEqual([
      { row: 2, field: 'name', message: expect.stringMatching(/"Tee" is a product with options/) },
    ]);
    const tees = (await list(s)).filter((p) => p.name === 'Tee');
    expect(tees).toHaveLength(1);
    expect((await read(s, tees[0]!.id)).variants.map((x) => [x.title, x.stock_keeping_unit])).toEqual([['S', 'T-S']]);

    // Preview: the rows of a product with options say create or update per variant.
    const p = await preview(s, file(first({ sku: 'T-S' }), row({ handle: 'tee', option1_value: 'M' })));
    expect(p.body).toMatchObject({ rows: 2, valid: 2, to_create: 1, to_update: 1 });
    expect(p.body.sample[1]).toMatchObject({ name: 'Tee', handle: 'tee', option_values: ['M'], action: 'create' });
  });
});
