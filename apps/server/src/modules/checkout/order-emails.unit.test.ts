// @vitest-environment jsdom
// (It reads the rendered HTML the way a mail client shows it, with the DOM parser.)
import { describe, expect, it } from 'vitest';
import { renderInviteEmail } from '../invites/invite-email.js';
import { formatUsd, renderNewOrderEmail, renderOrderConfirmationEmail, type OrderEmailInput } from './order-emails.js';

function order(overrides: Partial<OrderEmailInput> = {}): OrderEmailInput {
  return {
    sellerName: 'Maple Goods',
    sellerLogoUrl: null,
    buyerName: 'Corner Shop',
    placedBy: 'Jane Doe',
    invoiceNumber: 'INV-2025-000042',
    completedOn: new Date('2025-06-03T15:00:00Z'),
    lines: [
      { name: 'Oat crackers', quantity: 3, unitPriceCents: 450, lineTotalCents: 1350 },
      { name: 'Wildflower honey', quantity: 120, unitPriceCents: 1025, lineTotalCents: 123000 },
    ],
    subtotalCents: 124350,
    shippingCents: 1299,
    totalCents: 125649,
    shipTo: {
      name: 'Jane Doe',
      line1: '1 Main St',
      line2: 'Suite 2',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
    },
    shipping: { carrier: 'USPS', serviceLevelName: 'Priority Mail' },
    card: { brand: 'visa', last4: '4242' },
    buttonUrl: 'http://localhost:3999/storefront/5b0e7f5e-0000-4000-8000-000000000001/orders',
    to: 'jane@example.com',
    ...overrides,
  };
}

// The unit project runs in jsdom; the server's tsconfig has no DOM types, so this file names the
// little of the DOM it reads.
interface Node {
  textContent: string | null;
  innerHTML: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): Iterable<Node>;
}
interface Document extends Node {
  title: string;
  body: Node;
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString(html: string, type: 'text/html'): Document };
};

/** The HTML as a mail client shows it: a document to read cells and text from. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

/** Rows of the items table as [item, qty, amount] cell texts (the header row excluded). */
function itemRows(doc: Document): string[][] {
  const table = doc.querySelector('table.cb-items');
  if (!table) throw new Error('no items table');
  return [...table.querySelectorAll('tr')]
    .filter((tr) => tr.querySelector('td'))
    .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''));
}

function rowsOf(doc: Document, selector: string): string[][] {
  const table = doc.querySelector(selector);
  if (!table) throw new Error(`no ${selector}`);
  return [...table.querySelectorAll('tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) =>
      td.innerHTML.includes('<br>') ? td.innerHTML : (td.textContent?.trim() ?? ''),
    ),
  );
}

const renderers = [
  ['the buyer’s confirmation', renderOrderConfirmationEmail],
  ['the seller’s new-order notice', renderNewOrderEmail],
] as const;

describe('formatUsd', () => {
  it('formats cents as US dollars with thousands separators', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123450)).toBe('$1,234.50');
    expect(formatUsd(100000000)).toBe('$1,000,000.00');
  });
});

describe('order confirmation (buyer)', () => {
  it('names the seller and the invoice in the subject, and the buyer and who ordered in the body', () => {
    const mail = renderOrderConfirmationEmail(order());
    expect(mail.subject).toBe('Your order from Maple Goods is confirmed — INV-2025-000042');
    const doc = parse(mail.html);
    expect(doc.title).toBe(mail.subject);
    expect(doc.body.textContent).toContain('Your order from Maple Goods is confirmed');
    expect(doc.body.textContent).toContain('for Corner Shop, placed on June 3, 2025 by Jane Doe');
    const button = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'View your orders');
    expect(button?.getAttribute('href')).toBe(order().buttonUrl);
    expect(doc.body.textContent).toContain('sent to jane@example.com');
  });
});

describe('new order notice (seller)', () => {
  it('names the buyer, the invoice and the total in the subject, and the seller in the body', () => {
    const mail = renderNewOrderEmail(order());
    expect(mail.subject).toBe('New order from Corner Shop — INV-2025-000042 ($1,256.49)');
    const doc = parse(mail.html);
    expect(doc.body.textContent).toContain('New order from Corner Shop');
    expect(doc.body.textContent).toContain('Corner Shop placed order INV-2025-000042 with Maple Goods on June 3, 2025');
    expect(doc.body.textContent).toContain('ordered by Jane Doe');
    const button = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'View orders');
    expect(button?.getAttribute('href')).toBe(order().buttonUrl);
  });
});

describe.each(renderers)('%s', (_name, render) => {
  it('lists every line with its quantity and amount, then Subtotal, Shipping and Total', () => {
    const doc = parse(render(order()).html);
    expect(itemRows(doc)).toEqual([
      ['Oat crackers$4.50 each', '3', '$13.50'],
      ['Wildflower honey$10.25 each', '120', '$1,230.00'],
    ]);
    const headings = [...doc.querySelectorAll('table.cb-items th')].map((th) => th.textContent);
    expect(headings).toEqual(['Item', 'Qty', 'Amount']);
    expect(rowsOf(doc, 'table.cb-totals')).toEqual([
      ['Subtotal', '$1,243.50'],
      ['Shipping', '$12.99'],
      ['Total', '$1,256.49'],
    ]);
  });

  it('shows the ship-to address, the shipping method and the card', () => {
    const doc = parse(render(order()).html);
    expect(rowsOf(doc, 'table.cb-details')).toEqual([
      ['Order', 'INV-2025-000042'],
      ['Placed', 'June 3, 2025'],
      ['Ship to', 'Jane Doe<br>1 Main St<br>Suite 2<br>Springfield, IL 62701'],
      ['Shipping method', 'USPS Priority Mail'],
      ['Paid with', 'Visa •••• 4242'],
    ]);
  });

  it('leaves out an empty second address line and the card when none was charged', () => {
    const mail = render(order({ shipTo: { ...order().shipTo, line2: null }, card: null }));
    const details = rowsOf(parse(mail.html), 'table.cb-details');
    expect(details).toContainEqual(['Ship to', 'Jane Doe<br>1 Main St<br>Springfield, IL 62701']);
    expect(details.map((r) => r[0])).not.toContain('Paid with');
    expect(mail.text).not.toContain('Paid with');
    expect(mail.text).not.toContain('••••');
  });

  it('shows the PO number under the order number when the buyer gave one, and nothing when not', () => {
    const mail = render(order({ poNumber: 'PO-4500/17' }));
    const details = rowsOf(parse(mail.html), 'table.cb-details');
    expect(details.slice(0, 2)).toEqual([
      ['Order', 'INV-2025-000042'],
      ['PO number', 'PO-4500/17'],
    ]);
    expect(mail.text).toContain('PO number: PO-4500/17\n');
    const without = render(order({ poNumber: null }));
    expect(without.text).not.toContain('PO number');
  });

  it('names the card brand as the card form does, and any other brand as a card', () => {
    const amex = render(order({ card: { brand: 'amex', last4: '0005' } }));
    expect(amex.text).toContain('Paid with: American Express •••• 0005');
    const other = render(order({ card: { brand: 'some-new-network', last4: '1111' } }));
    expect(other.text).toContain('Paid with: Card •••• 1111');
  });

  it('does not repeat the carrier when the service name already has it', () => {
    const mail = render(order({ shipping: { carrier: 'UPS', serviceLevelName: 'UPS Ground' } }));
    expect(mail.text).toContain('Shipping method: UPS Ground\n');
  });

  it('escapes a product named <script> and a seller name with &', () => {
    const mail = render(
      order({
        sellerName: 'Salt & Pepper <Co>',
        lines: [{ name: '<script>alert(1)</script>', quantity: 1, unitPriceCents: 100, lineTotalCents: 100 }],
        subtotalCents: 100,
        totalCents: 1399,
      }),
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('Salt & Pepper');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Salt &amp; Pepper &lt;Co&gt;');
    const doc = parse(mail.html);
    expect(doc.querySelector('script')).toBeNull();
    expect(itemRows(doc)[0]?.[0]).toBe('<script>alert(1)</script>$1.00 each');
    expect(doc.body.textContent).toContain('Salt & Pepper <Co>');
  });

  it('keeps the subject on one line when a name has a line break', () => {
    const mail = render(
      order({ sellerName: 'Maple\r\nBcc: victim@example.com', buyerName: 'Corner\nShop', invoiceNumber: 'INV-1\r\n' }),
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('INV-1');
  });

  it('uses the seller’s logo when it has one', () => {
    const doc = parse(render(order({ sellerLogoUrl: 'https://cdn.example.com/maple.png' })).html);
    expect(doc.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/maple.png');
  });

  it('has the same facts in the plain text part', () => {
    const { text } = render(order());
    for (const fact of [
      'Maple Goods',
      'Corner Shop',
      'Jane Doe',
      'INV-2025-000042',
      'June 3, 2025',
      '- Oat crackers — qty 3 × $4.50 = $13.50',
      '- Wildflower honey — qty 120 × $10.25 = $1,230.00',
      'Subtotal: $1,243.50',
      'Shipping: $12.99',
      'Total: $1,256.49',
      'Ship to:\n  Jane Doe\n  1 Main St\n  Suite 2\n  Springfield, IL 62701\n',
      'Shipping method: USPS Priority Mail',
      'Paid with: Visa •••• 4242',
      order().buttonUrl,
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it('keeps a product name with a line break on its own line in the plain text', () => {
    const { text } = render(
      order({ lines: [{ name: 'Crackers\nTotal: $0.00', quantity: 2, unitPriceCents: 500, lineTotalCents: 1000 }] }),
    );
    expect(text).toContain('- Crackers Total: $0.00 — qty 2 × $5.00 = $10.00');
    expect(text).not.toMatch(/^Total: \$0\.00$/m);
  });
});

describe('the layout without order blocks', () => {
  it('renders the invitation without an items table, totals or details', () => {
    const { html } = renderInviteEmail({
      sellerName: 'Maple Goods',
      logoUrl: null,
      inviteUrl: 'http://localhost:3999/invite/abc',
      to: 'x@example.com',
    });
    const doc = parse(html);
    expect(doc.querySelector('.cb-items, .cb-totals, .cb-details')).toBeNull();
    expect(doc.body.textContent).toContain('Accept your invitation');
  });
});
