// @vitest-environment node
/**
 * The line sheet PDF, read back with pdf.js as a reader would see it: the cover's facts, nine
 * products a page, and a product with many variants on a row of its own with every variant's
 * SKU and price.
 */
import { describe, expect, it } from 'vitest';
import type { LineSheetProduct } from '@cratebase/contract';
import { emptyWindowForUnitSetup, pdfPages, uuid } from '../../../test/support/pdf.js';
import { renderLineSheet, type LineSheetPdfInput } from './line-sheet-pdf.js';

emptyWindowForUnitSetup();

const product = (n: number, over: Partial<LineSheetProduct> = {}): LineSheetProduct => ({
  id: uuid(n),
  name: `Product ${n}`,
  description: null,
  stock_keeping_unit: `SKU-${n}`,
  order_unit: null,
  quantity_per_unit: null,
  unit_price_in_cents: 1_000 + n,
  price_range: { min: 1_000 + n, max: 1_000 + n },
  msrp_in_cents: null,
  minimum_order_quantity: 1,
  order_increment: 1,
  image: null,
  options: [],
  variants: [],
  ship_window: null,
  ...over,
});

const input = (products: LineSheetProduct[]): LineSheetPdfInput => ({
  seller: { name: 'Hill Farm Preserves', logo: null },
  title: 'Spring 2027',
  note: null,
  priceListName: null,
  shareUrl: null,
  date: new Date('2026-11-27T12:00:00Z'),
  products,
  photos: new Map(),
});

describe('line sheet PDF', () => {
  it('has a cover, then nine products a page', async () => {
    const pages = await pdfPages(await renderLineSheet(input(Array.from({ length: 10 }, (_, i) => product(i + 1)))));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toEqual(
      expect.arrayContaining([
        'LINE SHEET',
        'Spring 2027',
        'PRICES Wholesale (USD)',
        'PRODUCTS 10',
        'DATE November 27, 2026',
      ]),
    );
    expect(pages[1]!.join('\n')).toContain('Product 9');
    expect(pages[1]!.join('\n')).not.toContain('Product 10');
    expect(pages[2]!.join('\n')).toContain('Product 10');
  });

  it('gives a product with many variants a row of its own, with every variant’s SKU and price', async () => {
    const sizes = ['XS', 'S', 'M', 'L', 'XL'];
    const colours = ['Black', 'White', 'Navy'];
    const variants = sizes.flatMap((s, i) =>
      colours.map((c, j) => ({
        id: uuid(100 + i * 3 + j),
        title: `${s} / ${c}`,
        stock_keeping_unit: `TEE-${s}-${c.toUpperCase()}`,
        unit_price_in_cents: 1_200 + i * 100,
        msrp_in_cents: 2_800,
      })),
    );
    const tee = product(2, {
      name: 'Heavy Tee',
      stock_keeping_unit: null,
      options: [
        { name: 'Size', values: sizes },
        { name: 'Colour', values: colours },
      ],
      variants,
      price_range: { min: 1_200, max: 1_600 },
    });
    const pages = await pdfPages(await renderLineSheet(input([product(1), tee, product(3)])));
    const text = pages[1]!.join('\n');
    expect(text).toContain('15 VARIANTS');
    for (const v of variants)
      expect(text).toContain(`${v.title} · ${v.stock_keeping_unit} · $${(v.unit_price_in_cents / 100).toFixed(2)}`);
    expect(text).toContain('Wholesale $12.00–$16.00');
    // Product 1 keeps the first row's first cell; the tee takes the second row; Product 3 the third.
    const rowOf = (name: string) => pages[1]!.findIndex((l) => l.includes(name));
    expect(rowOf('Product 1')).toBeLessThan(rowOf('Heavy Tee'));
    expect(rowOf('Heavy Tee')).toBeLessThan(rowOf('Product 3'));
  });
});
