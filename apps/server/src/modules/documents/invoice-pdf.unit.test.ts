// @vitest-environment node
/**
 * The invoice PDF, read back with pdf.js: number and status, seller, bill-to and ship-to, the
 * lines with quantity, unit price and amount, the totals with the shipping service, and how it
 * was settled (paid date and card, or the due date).
 */
import { describe, expect, it } from 'vitest';
import type { OrderLine } from '@cratebase/contract';
import { emptyWindowForUnitSetup, line, pdfPages, sampleOrder } from '../../../test/support/pdf.js';
import {
  cardLabel,
  dueLabel,
  formatUsd,
  renderInvoice,
  serviceFromToken,
  shippingMethodLabel,
  type InvoiceInput,
} from './invoice-pdf.js';

emptyWindowForUnitSetup();

const seller: InvoiceInput['seller'] = {
  name: 'Hill Farm Preserves',
  address: { line1: '1 Orchard Lane', line2: null, city: 'Hood River', state: 'OR', postal_code: '97031' },
  logo: null,
};

function input(over: Partial<InvoiceInput> = {}, lines?: OrderLine[]): InvoiceInput {
  const order = sampleOrder(
    lines ?? [
      line(1, { name: 'Strawberry Jam', stock_keeping_unit: 'JAM-STR-12', quantity: 3, unit_price_in_cents: 1250, line_total_cents: 3750 }),
      line(2, { name: 'Peach Butter', stock_keeping_unit: null, quantity: 10, unit_price_in_cents: 899, line_total_cents: 8990 }),
    ],
  );
  return {
    order,
    invoice: { number: 'CB-000123', status: 'PAID', issuedAt: '2025-06-03T15:04:05.000Z', paidAt: '2025-06-03T15:04:06.000Z' },
    seller,
    net30: false,
    card: { brand: 'visa', last4: '4242' },
    shippingMethod: 'USPS Priority Mail',
    ...over,
  };
}

describe('invoice PDF', () => {
  it('shows a paid invoice: parties, lines with prices, totals with the shipping service, paid date and card', async () => {
    const pages = await pdfPages(await renderInvoice(input()));
    expect(pages).toHaveLength(1);
    const text = pages[0]!.join('\n');
    expect(text).toContain('Invoice CB-000123');
    // The order goes by its number, as on every screen and e-mail; never by its id.
    expect(text).toContain('Order CB-000123');
    expect(text).not.toMatch(/#A1B2C3D4/i);
    expect(text).toContain('PAID');
    for (const s of ['Hill Farm Preserves', '1 Orchard Lane', 'Hood River, OR 97031', 'Corner Grocery', 'Placed by Grace Hopper', 'Ada Lovelace', '12 Market Street', 'Portland, OR 97205']) {
      expect(text).toContain(s);
    }
    expect(text).toContain('Issued June 3, 2025');
    expect(text).toContain('Paid June 3, 2025');
    expect(text).toContain('Paid with Visa •••• 4242');
    expect(pages[0]).toContain('ITEM QTY UNIT PRICE AMOUNT');
    expect(pages[0]).toContain('Strawberry Jam 3 $12.50 $37.50');
    expect(pages[0]).toContain('SKU JAM-STR-12');
    expect(pages[0]).toContain('Peach Butter 10 $8.99 $89.90');
    expect(pages[0]).toContain('Subtotal $127.40');
    expect(pages[0]).toContain('Shipping (USPS Priority Mail) $15.99');
    expect(pages[0]).toContain('Total $143.39');
    expect(pages[0]).toContain('Amount paid $143.39');
    expect(text).not.toMatch(/Due /);
  });

  it('shows an open net-30 invoice as due 30 days after issue, and one without terms as due on receipt', async () => {
    const open = { number: 'CB-000124', status: 'OPEN' as const, issuedAt: '2025-06-03T15:04:05.000Z', paidAt: null };
    const net30 = (await pdfPages(await renderInvoice(input({ invoice: open, net30: true, card: null }))))[0]!;
    expect(net30).toContain('OPEN');
    expect(net30).toContain('Due July 3, 2025');
    expect(net30).toContain('Amount due $143.39');
    expect(net30.join('\n')).not.toMatch(/Paid|••••/);
    const now = (await pdfPages(await renderInvoice(input({ invoice: open, net30: false, card: null }))))[0]!;
    expect(now).toContain('Due on receipt');
  });

  it('prints the buyer’s PO number in the details, and no PO line when there is none', async () => {
    const base = input();
    const withPo = { ...base, order: { ...base.order, po_number: 'PO-4500/17 #B' } };
    const text = (await pdfPages(await renderInvoice(withPo)))[0]!.join('\n');
    expect(text).toContain('PO number: PO-4500/17 #B');
    expect((await pdfPages(await renderInvoice(base)))[0]!.join('\n')).not.toContain('PO number');
  });

  it('prints an invoice on net terms with its due day and terms, and how a recorded payment was made', async () => {
    const issuedAt = '2025-06-03T15:04:05.000Z';
    const open = { number: 'CB-000126', status: 'OPEN' as const, issuedAt, paidAt: null, dueOn: '2025-07-18', netDays: 45 };
    const text = (await pdfPages(await renderInvoice(input({ invoice: open, card: null }))))[0]!.join('\n');
    expect(text).toContain('Due July 18, 2025');
    expect(text).toContain('Terms: net 45');
    const paid = { ...open, status: 'PAID' as const, paidAt: '2025-07-01T00:00:00.000Z', paidMethod: 'check' };
    const paidText = (await pdfPages(await renderInvoice(input({ invoice: paid, card: null }))))[0]!.join('\n');
    expect(paidText).toContain('Paid July 1, 2025');
    expect(paidText).toContain('Paid by check');
  });

  it('marks a void invoice as owing nothing', async () => {
    const invoice = { number: 'CB-000125', status: 'VOID' as const, issuedAt: '2025-06-03T15:04:05.000Z', paidAt: null };
    const page = (await pdfPages(await renderInvoice(input({ invoice, card: null }))))[0]!;
    expect(page).toContain('VOID');
    expect(page).toContain('Voided: nothing is owed');
    expect(page).toContain('Amount due (void) $0.00');
  });

  it('runs a long invoice onto more pages with the title and column heads repeated, totals once at the end', async () => {
    const lines = Array.from({ length: 90 }, (_, i) => line(i + 1));
    const pages = await pdfPages(await renderInvoice(input({}, lines)));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page.join('\n')).toContain('Invoice CB-000123');
      expect(page).toContain('ITEM QTY UNIT PRICE AMOUNT');
      expect(page.join('\n')).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages.flat().filter((l) => l.startsWith('Product '))).toHaveLength(90);
    expect(pages.flat().filter((l) => l.startsWith('Total '))).toEqual([`Total ${formatUsd(1234 * 4095 + 1599)}`]);
  });
});

describe('invoice labels', () => {
  it('formats money, cards, due dates and shipping services', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(5)).toBe('$0.05');
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express •••• 0005');
    expect(cardLabel({ brand: 'something', last4: '1111' })).toBe('Card •••• 1111');
    expect(dueLabel('2025-12-15T12:00:00Z', true)).toBe('Due January 14, 2026');
    expect(dueLabel('2025-12-15T12:00:00Z', false)).toBe('Due on receipt');
    expect(serviceFromToken('USPS', 'usps_priority_express')).toBe('Priority Express');
    expect(shippingMethodLabel('USPS', 'Priority Mail')).toBe('USPS Priority Mail');
    expect(shippingMethodLabel('UPS', 'UPS Ground')).toBe('UPS Ground');
    expect(shippingMethodLabel(null, null)).toBeNull();
  });
});
