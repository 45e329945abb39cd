// @vitest-environment node
/**
 * The packing slip PDF, read back with pdf.js as a reader would see it: every line's SKU, name,
 * order unit and quantity, the addresses, no prices, and the header on every page of a long order.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { emptyWindowForUnitSetup, line, pdfPages, sampleOrder } from '../../../test/support/pdf.js';
import { pdfText } from '../../lib/pdf/toolkit.js';
import { orderUnitLabel, renderPackingSlip, type PackingSlipInput } from './packing-slip.js';

emptyWindowForUnitSetup();

const seller: PackingSlipInput['seller'] = {
  name: 'Hill Farm Preserves',
  address: { line1: '1 Orchard Lane', line2: null, city: 'Hood River', state: 'OR', postal_code: '97031' },
  logo: null,
};

describe('packing slip PDF', () => {
  it('lists every line with SKU, name, order unit and quantity, the addresses and the buyer, and no prices', async () => {
    const lines = [
      line(1, { name: 'Strawberry Jam', stock_keeping_unit: 'JAM-STR-12', quantity: 3 }),
      line(2, { name: 'Peach Butter', stock_keeping_unit: null, order_unit: null, quantity_per_unit: null, quantity: 10 }),
      line(3, { name: 'Fig Spread', stock_keeping_unit: 'FIG-1', order_unit: 'Crate', quantity_per_unit: 24, quantity: 2 }),
    ];
    const bytes = await renderPackingSlip({ order: sampleOrder(lines), seller });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const text = pages[0]!.join('\n');

    expect(text).toContain('Hill Farm Preserves');
    expect(text).toContain('Packing slip');
    expect(text).toContain('Order CB-000123');
    expect(text).toContain('Date June 3, 2025');
    // Ship to, ship from and the buyer.
    for (const s of ['Ada Lovelace', '12 Market Street', 'Suite 4', 'Portland, OR 97205', '1 Orchard Lane', 'Hood River, OR 97031', 'Corner Grocery', 'Placed by Grace Hopper']) {
      expect(text).toContain(s);
    }
    // The table: one row per line, in order.
    expect(pages[0]).toContain('SKU ITEM ORDER UNIT QTY');
    const rows = pages[0]!.filter((l) => /Jam|Butter|Spread/.test(l));
    expect(rows).toEqual(['JAM-STR-12 Strawberry Jam Case of 6 3', '— Peach Butter Each 10', 'FIG-1 Fig Spread Crate of 24 2']);
    expect(text).toContain('Total: 15 units in 3 lines');
    // Nothing about money travels in the box.
    expect(text).not.toMatch(/\$|12\.34|price|subtotal/i);
  });

  it('says when a pre-order line ships (issue 25)', async () => {
    const lines = [
      line(1, { name: 'Strawberry Jam', quantity: 3 }),
      line(2, { name: 'Spring Honey', quantity: 2, ships_from: '2027-03-01', ships_until: '2027-03-15' }),
    ];
    const text = (await pdfPages(await renderPackingSlip({ order: sampleOrder(lines), seller })))[0]!.join('\n');
    expect(text).toContain('Ships Mar 1 – 15, 2027');
    expect(text.match(/Ships /g)).toHaveLength(1);
  });

  it('runs a 120-line order onto several pages, repeating the title and the column heads, and numbers them', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => line(i + 1));
    const pages = await pdfPages(await renderPackingSlip({ order: { ...sampleOrder(lines), order_number: 'CB-000777' }, seller }));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      const text = page.join('\n');
      expect(text).toContain('Hill Farm Preserves');
      expect(text).toContain(i === 0 ? 'Packing slip' : 'Packing slip (continued)');
      expect(text).toContain('Order CB-000777');
      expect(page).toContain('SKU ITEM ORDER UNIT QTY');
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    // Every line exactly once, in order, across the pages.
    const skus = pages.flat().flatMap((l) => l.match(/^SKU-\d{4}/) ?? []);
    expect(skus).toEqual(lines.map((l) => l.stock_keeping_unit));
    expect(pages.at(-1)!.join('\n')).toContain(`Total: ${(120 * 121) / 2} units in 120 lines`);
  });

  it('draws a PNG logo, and leaves out a logo it cannot read without failing', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a7' } }).png().toBuffer();
    const order = sampleOrder([line(1)]);
    const withLogo = await renderPackingSlip({ order, seller: { ...seller, logo: png } });
    const without = await renderPackingSlip({ order, seller });
    const broken = await renderPackingSlip({ order, seller: { ...seller, logo: Buffer.from('RIFF0000WEBPVP8 ') } });
    expect(withLogo.includes('/Subtype /Image')).toBe(true);
    expect(without.includes('/Subtype /Image')).toBe(false);
    expect(broken.includes('/Subtype /Image')).toBe(false);
    expect((await pdfPages(broken))[0]!.join('\n')).toContain('Hill Farm Preserves');
  });

  it('prints the buyer’s PO number with the buyer, and no PO line when there is none', async () => {
    const order = { ...sampleOrder([line(1)]), po_number: 'PO-4500/17 #B' };
    const text = (await pdfPages(await renderPackingSlip({ order, seller })))[0]!.join('\n');
    expect(text).toContain('PO number: PO-4500/17 #B');
    const without = (await pdfPages(await renderPackingSlip({ order: sampleOrder([line(1)]), seller })))[0]!;
    expect(without.join('\n')).not.toContain('PO number');
  });

  it('prints an order without a number by its short id, and text the fonts cannot draw as "?"', async () => {
    const order = { ...sampleOrder([line(1, { name: 'Crème brûlée ☕ mix\nnew line' })]), order_number: null };
    const text = (await pdfPages(await renderPackingSlip({ order, seller })))[0]!.join('\n');
    expect(text).toContain('Order #A1B2C3D4');
    expect(text).toContain('Crème brûlée ? mix new line');
  });
});

describe('packing slip text helpers', () => {
  it('labels order units', () => {
    expect(orderUnitLabel({ order_unit: 'Case', quantity_per_unit: 6 })).toBe('Case of 6');
    expect(orderUnitLabel({ order_unit: 'Case', quantity_per_unit: 1 })).toBe('Case');
    expect(orderUnitLabel({ order_unit: null, quantity_per_unit: 12 })).toBe('Pack of 12');
    expect(orderUnitLabel({ order_unit: null, quantity_per_unit: null })).toBe('Each');
  });

  it('keeps what the built-in fonts draw and replaces the rest', () => {
    expect(pdfText('Café “Ørsted” — €5 • ok')).toBe('Café “Ørsted” — €5 • ok');
    expect(pdfText('Őrség  \t tea')).toBe('Orség tea');
    expect(pdfText('日本茶 🍵')).toBe('??? ?');
    expect(pdfText(null)).toBe('');
  });
});
