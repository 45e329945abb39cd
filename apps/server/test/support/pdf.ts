/**
 * Reading generated PDFs back in tests (pdf.js, as a reader sees the text) and a sample placed
 * order to render them from.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Order, OrderLine } from '@cratebase/contract';

/** Each page's text as lines (items on one baseline joined by spaces), top to bottom. */
export async function pdfPages(bytes: Buffer): Promise<string[][]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[][] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const rows = new Map<number, { x: number; s: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      const key = [...rows.keys()].find((k) => Math.abs(k - y) <= 2) ?? y;
      rows.set(key, [...(rows.get(key) ?? []), { x: item.transform[4] as number, s: item.str }]);
    }
    pages.push(
      [...rows.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, items]) => items.sort((a, b) => a.x - b.x).map((i) => i.s).join(' ')),
    );
  }
  await pdf.destroy();
  return pages;
}

/**
 * pdfkit and pdf.js need Node's own typed arrays, which jsdom replaces, so PDF unit tests run
 * in Node (`// @vitest-environment node`). The unit project's shared setup
 * (apps/web/src/test/setup.ts) clears the browser's storage after each test: call this at the
 * top of such a file to give it an empty window to clear.
 */
export function emptyWindowForUnitSetup(): void {
  if (!('window' in globalThis)) {
    Object.assign(globalThis, { window: { localStorage: new Map(), sessionStorage: new Map() } });
  }
}

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function line(n: number, over: Partial<OrderLine> = {}): OrderLine {
  return {
    id: uuid(1000 + n),
    product_id: uuid(2000 + n),
    name: `Product ${n}`,
    stock_keeping_unit: `SKU-${String(n).padStart(4, '0')}`,
    order_unit: 'Case',
    quantity_per_unit: 6,
    quantity: n,
    unit_price_in_cents: 1234,
    line_total_cents: 1234 * n,
    ...over,
  };
}

export function sampleOrder(lines: OrderLine[]): Order {
  const subtotal = lines.reduce((sum, l) => sum + l.line_total_cents, 0);
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    order_number: 'CB-000123',
    completed_on: '2025-06-03T15:04:05.000Z',
    organization: { id: uuid(1), name: 'Corner Grocery' },
    seller: { id: uuid(2), name: 'Hill Farm Preserves' },
    subtotal_cents: subtotal,
    shipping_cost_in_cents: 1599,
    total_cents: subtotal + 1599,
    shippo_provider: 'USPS',
    shippo_service_level_token: 'usps_priority',
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      line1: '12 Market Street',
      line2: 'Suite 4',
      city: 'Portland',
      state: 'OR',
      postal_code: '97205',
    },
    created_by_user: { name: 'Grace Hopper' },
    shipping_information: null,
    invoice: { link: 'http://localhost/invoices/x.pdf', stripe_status: 'PAID' },
    po_number: null,
    cart: { id: uuid(3), total_cents: subtotal, item_count: lines.length, line_items: lines },
  };
}

