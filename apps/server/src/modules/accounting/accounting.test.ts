/**
 * Accounting exports and customer statements (issue 26) through the API: a seller with a card
 * order (partly refunded), an order on Net 30 placed 75 days ago and still open, and one on terms
 * paid by check today; another seller's order beside them. Each kind is exported in each layout
 * and read back as CSV (the published headers exactly, days as each importer reads them, lines
 * that add up to each document's amount); the statement PDF is read back with pdf.js.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_CARDS, type SubmittedOrder } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';
import { pdfPages } from '../../../test/support/pdf.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readySeller,
  type Org,
} from '../../../test/support/checkout.js';
import { readCsvRecords } from '../catalog-import/csv.js';
import { invoiceLines, LAYOUTS, defaultLayoutOptions } from './layouts.js';
import { cardMovementsInRange, placedOrdersInRange, refundsInRange, type LedgerOrder } from './service.js';

let h: Harness;
let seller: Org;
let buyer: Org;
let other: Org;
let otherBuyer: Org;
let staff: TestUser;

type Invoice = { order_id: string; number: string; amount_cents: number; due_on: string | null };
let cardInvoice: Invoice;
let openInvoice: Invoice;
let checkInvoice: Invoice;
let otherInvoice: Invoice;
let creditNote: string;

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = isoDay(Date.now());
const mdy = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const usd = (cents: number) => (cents / 100).toFixed(2);
/** Dollars as written in the files → cents, exactly. */
const cents = (dollars: string) => {
  const m = /^(-?)(\d+)\.(\d\d)$/.exec(dollars);
  if (!m) throw new Error(`not dollars with two decimals: ${dollars}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

const db = () => h.testDb.database.db;

async function invoiceOf(orderId: string): Promise<Invoice> {
  const { rows } = await db().execute<Invoice>(
    sql`select order_id, number, amount_cents, due_on::text as due_on from invoices where order_id = ${orderId}`,
  );
  return rows[0]!;
}

/** A card order of `lines`, paid. */
async function cardOrder(s: Org, b: Org, lines: Record<string, number>): Promise<string> {
  const { cart } = await atPayment(h, s, b, lines);
  const session = await ok(createSession(h, s, b, cart));
  await ok(payWith(h, b, session, TEST_CARDS.succeeds));
  return cart.order.id;
}

/** An order on the customer's terms. */
async function termsOrder(s: Org, b: Org, lines: Record<string, number>): Promise<string> {
  const { cart } = await atPayment(h, s, b, lines);
  const placed = await ok<SubmittedOrder>(h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: b.token }));
  return placed.id;
}

/** The file of an export, as sent, and its records. */
async function exportOf(kind: string, query: string, token = seller.token, org = seller.orgId) {
  const res = await h.call('GET', `/api/organization/${org}/exports/${kind}.csv?${query}`, { token });
  const records: string[][] = [];
  if (res.status === 200) {
    await readCsvRecords(String(res.body).replace(/^\uFEFF/, ''), ',', (r) => void records.push(r.cells));
  }
  return { ...res, header: records[0] ?? [], rows: records.slice(1) };
}

/** Rows as objects by header, grouped by the value of `key`. */
function byKey(file: { header: string[]; rows: string[][] }, key: string): Map<string, Record<string, string>[]> {
  const groups = new Map<string, Record<string, string>[]>();
  for (const cells of file.rows) {
    const row = Object.fromEntries(file.header.map((name, n) => [name, cells[n] ?? '']));
    groups.set(row[key]!, [...(groups.get(row[key]!) ?? []), row]);
  }
  return groups;
}

const RANGE = `from=${isoDay(Date.now() - 90 * DAY)}&to=${today}`;

beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
  seller = await readySeller(h);
  buyer = await customerOf(h, seller, 'Corner Grocery');
  const jam = await liveProduct(h, seller, { name: 'Strawberry Jam', stock_keeping_unit: 'JAM-STR-12', unit_price_in_cents: 1_250 });
  const honey = await liveProduct(h, seller, { name: 'Clover Honey', stock_keeping_unit: 'HNY-1', unit_price_in_cents: 899 });

  // A card order; one jar refunded to the card.
  const cardId = await cardOrder(seller, buyer, { [jam]: 3, [honey]: 2 });
  const { rows: lines } = await db().execute<{ id: string }>(sql`
    select li.id from line_items li join orders o on o.cart_id = li.cart_id
     where o.id = ${cardId} and li.product_id = ${jam}`);
  const refund = await ok(
    h.call('POST', `/api/organization/${seller.orgId}/orders/${cardId}/refunds`, {
      token: seller.token,
      body: { lines: [{ line_item_id: lines[0]!.id, quantity: 1 }], reason: 'damaged' },
    }),
  );
  expect(refund.status).toBe('succeeded');
  creditNote = refund.credit_note_number;
  cardInvoice = await invoiceOf(cardId);

  // Net 30: one order placed 75 days ago, still open (45 days overdue); one paid by check today.
  await ok(
    h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`, {
      token: seller.token,
      body: { net_days: 30 },
    }),
  );
  const openId = await termsOrder(seller, buyer, { [honey]: 4 });
  await db().execute(sql`update orders set completed_on = completed_on - interval '75 days' where id = ${openId}`);
  await db().execute(sql`update invoices set created_at = created_at - interval '75 days',
                                             due_on = due_on - 75 where order_id = ${openId}`);
  openInvoice = await invoiceOf(openId);
  const checkId = await termsOrder(seller, buyer, { [jam]: 2 });
  checkInvoice = await invoiceOf(checkId);
  const { rows: ids } = await db().execute<{ id: string }>(sql`select id from invoices where order_id = ${checkId}`);
  await ok(
    h.call('POST', `/api/organization/${seller.orgId}/invoices/${ids[0]!.id}/mark-paid`, {
      token: seller.token,
      body: { method: 'check', paid_on: today },
    }),
  );

  // Another seller's sale, on the same days.
  other = await readySeller(h);
  otherBuyer = await customerOf(h, other, 'Elsewhere Market');
  const soap = await liveProduct(h, other, { name: 'Lavender Soap', unit_price_in_cents: 700 });
  otherInvoice = await invoiceOf(await cardOrder(other, otherBuyer, { [soap]: 5 }));

  // A Staff member of the seller.
  staff = await h.newUser();
  const invite = await ok(
    h.call('POST', `/api/organization/${seller.orgId}/members/invites`, {
      token: seller.token,
      body: { email: staff.email, role: 'staff' },
    }),
  );
  await ok(h.call('POST', `/api/team/invite/${invite.id}/accept`, { token: staff.token, body: {} }));
}, 180_000);

afterAll(async () => h?.close());

/** What no file of the seller may hold: the other seller's invoice or customer. */
function expectNothingOfTheOtherSeller(body: string) {
  expect(body).not.toContain(otherInvoice.number);
  expect(body).not.toContain('Elsewhere Market');
  expect(body).not.toContain('Lavender Soap');
}

describe('invoices', () => {
  it('for QuickBooks Online: its invoice import columns, a row per line, MM/DD/YYYY, lines adding up to each invoice', async () => {
    const file = await exportOf('invoices', `${RANGE}&format=quickbooks`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="cratebase-invoices-${isoDay(Date.now() - 90 * DAY)}-${today}-quickbooks.csv"`,
    );
    // QuickBooks matches its header names: nothing (no byte-order mark) before the first.
    expect(String(file.body).startsWith('InvoiceNo,')).toBe(true);
    expect(file.header).toEqual([
      'InvoiceNo',
      'Customer',
      'InvoiceDate',
      'DueDate',
      'Terms',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
      'Taxable',
    ]);
    const invoices = byKey(file, 'InvoiceNo');
    expect([...invoices.keys()].sort()).toEqual([cardInvoice.number, openInvoice.number, checkInvoice.number].sort());
    for (const invoice of [cardInvoice, openInvoice, checkInvoice]) {
      const rows = invoices.get(invoice.number)!;
      expect(rows.reduce((sum, r) => sum + cents(r.ItemAmount!), 0)).toBe(invoice.amount_cents);
      for (const r of rows) {
        expect(cents(r.ItemAmount!)).toBe(Number(r.ItemQuantity) * cents(r.ItemRate!));
        expect(r.Customer).toBe('Corner Grocery');
        expect(r.Taxable).toBe('N');
      }
    }
    const card = invoices.get(cardInvoice.number)!;
    expect(card.map((r) => [r['Item(Product/Service)'], r.ItemDescription, r.ItemQuantity, r.ItemRate])).toEqual([
      ['Strawberry Jam', 'Strawberry Jam (SKU JAM-STR-12)', '3', '12.50'],
      ['Clover Honey', 'Clover Honey (SKU HNY-1)', '2', '8.99'],
      ['Shipping', expect.stringMatching(/^Shipping/), '1', expect.stringMatching(/^\d+\.\d\d$/)],
    ]);
    expect(card[0]).toMatchObject({ InvoiceDate: mdy(today), DueDate: mdy(today), Terms: 'Due on receipt' });
    const open = invoices.get(openInvoice.number)![0]!;
    expect(open).toMatchObject({
      InvoiceDate: mdy(isoDay(Date.now() - 75 * DAY)),
      DueDate: mdy(openInvoice.due_on!),
      Terms: 'Net 30',
    });
    expectNothingOfTheOtherSeller(String(file.body));
  });

  it('for Xero: its sales invoice template, DD/MM/YYYY, the account code and tax rate asked for (200 and Tax Exempt by default)', async () => {
    const file = await exportOf('invoices', `${RANGE}&format=xero`);
    expect(file.status).toBe(200);
    expect(file.header).toEqual([
      '*ContactName',
      'EmailAddress',
      'POAddressLine1',
      'POAddressLine2',
      'POAddressLine3',
      'POAddressLine4',
      'POCity',
      'PORegion',
      'POPostalCode',
      'POCountry',
      '*InvoiceNumber',
      'Reference',
      '*InvoiceDate',
      '*DueDate',
      'InventoryItemCode',
      '*Description',
      '*Quantity',
      '*UnitAmount',
      'Discount',
      '*AccountCode',
      '*TaxType',
      'TrackingName1',
      'TrackingOption1',
      'TrackingName2',
      'TrackingOption2',
      'Currency',
    ]);
    const invoices = byKey(file, '*InvoiceNumber');
    for (const invoice of [cardInvoice, openInvoice, checkInvoice]) {
      const rows = invoices.get(invoice.number)!;
      const total = rows.reduce((sum, r) => sum + Number(r['*Quantity']) * cents(r['*UnitAmount']!), 0);
      expect(total).toBe(invoice.amount_cents);
      for (const r of rows) expect(r).toMatchObject({ '*AccountCode': '200', '*TaxType': 'Tax Exempt', Currency: 'USD' });
    }
    expect(invoices.get(checkInvoice.number)![0]).toMatchObject({
      '*ContactName': 'Corner Grocery',
      '*InvoiceDate': dmy(today),
      '*DueDate': dmy(checkInvoice.due_on!),
    });

    const coded = await exportOf('invoices', `${RANGE}&format=xero&account_code=4000&tax_type=No%20Tax&date_format=iso`);
    const row = byKey(coded, '*InvoiceNumber').get(cardInvoice.number)![0]!;
    expect(row).toMatchObject({ '*AccountCode': '4000', '*TaxType': 'No Tax', '*InvoiceDate': today });
    expectNothingOfTheOtherSeller(String(file.body));
  });

  it('keeps the range: an invoice issued before `from` is not in the file', async () => {
    const file = await exportOf('invoices', `from=${isoDay(Date.now() - 10 * DAY)}&to=${today}&format=cratebase`);
    const numbers = [...byKey(file, 'Invoice number').keys()];
    expect(numbers.sort()).toEqual([cardInvoice.number, checkInvoice.number].sort());
    const check = byKey(file, 'Invoice number').get(checkInvoice.number)![0]!;
    expect(check).toMatchObject({ Status: 'PAID', 'Paid on': today, 'Paid by': 'check', Terms: 'Net 30', Currency: 'USD' });
  });
});

describe('orders', () => {
  it('in the Cratebase layout: a row per line and one for shipping, whose amounts add up to the order’s total', async () => {
    const file = await exportOf('orders', RANGE);
    expect(file.status).toBe(200);
    expect(String(file.body).startsWith('\uFEFFOrder number,')).toBe(true);
    expect(file.header).toEqual([
      'Order number',
      'Placed on',
      'State',
      'Customer',
      'PO number',
      'Payment',
      'Terms',
      'Invoice status',
      'Due on',
      'Paid on',
      'Line',
      'SKU',
      'Description',
      'Quantity',
      'Cancelled quantity',
      'Unit price',
      'Line amount',
      'Subtotal',
      'Shipping',
      'Tax',
      'Total',
      'Cancelled',
      'Refunded',
      'Amount due',
      'Carrier',
      'Service',
      'Ship to',
      'Currency',
    ]);
    const orders = byKey(file, 'Order number');
    expect(orders.size).toBe(3);
    for (const [, rows] of orders) {
      const total = cents(rows[0]!.Total!);
      expect(rows.reduce((sum, r) => sum + cents(r['Line amount']!), 0)).toBe(total);
      expect(cents(rows[0]!.Subtotal!) + cents(rows[0]!.Shipping!) + cents(rows[0]!.Tax!)).toBe(total);
    }
    const card = orders.get(cardInvoice.number)!;
    expect(card[0]).toMatchObject({ 'Placed on': today, Payment: 'card', 'Invoice status': 'PAID', Refunded: '12.50', SKU: 'JAM-STR-12' });
    expect(orders.get(openInvoice.number)![0]).toMatchObject({ Payment: 'invoice', 'Amount due': usd(openInvoice.amount_cents) });
    expectNothingOfTheOtherSeller(String(file.body));
  });

  it('is not a QuickBooks or Xero layout: 400 naming format, as JSON', async () => {
    const res = await exportOf('orders', `${RANGE}&format=xero`);
    expect(res.status).toBe(400);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(res.body.issues[0].path).toBe('format');
  });
});

describe('refunds', () => {
  it('as Xero credit notes (negative amounts), QuickBooks credit memos and ours, each adding up to the refund', async () => {
    const xero = await exportOf('refunds', `${RANGE}&format=xero`);
    expect(xero.header[0]).toBe('*ContactName');
    expect(xero.header).toHaveLength(26);
    const notes = byKey(xero, '*InvoiceNumber');
    expect([...notes.keys()]).toEqual([creditNote]);
    const note = notes.get(creditNote)!;
    expect(note.reduce((sum, r) => sum + Number(r['*Quantity']) * cents(r['*UnitAmount']!), 0)).toBe(-1_250);
    expect(note[0]).toMatchObject({
      Reference: `Credit for ${cardInvoice.number}`,
      '*InvoiceDate': dmy(today),
      '*Description': 'Strawberry Jam',
      '*Quantity': '1',
      '*UnitAmount': '-12.50',
    });

    const qbo = await exportOf('refunds', `${RANGE}&format=quickbooks`);
    expect(qbo.header).toEqual([
      'CreditMemoNo',
      'Customer',
      'CreditMemoDate',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
      'Taxable',
    ]);
    expect(qbo.rows).toEqual([
      [
        creditNote,
        'Corner Grocery',
        mdy(today),
        `Credit for invoice ${cardInvoice.number}: Refunded to card ending 4242`,
        'Strawberry Jam',
        'Strawberry Jam',
        '1',
        '12.50',
        '12.50',
        'N',
      ],
    ]);

    const ours = await exportOf('refunds', RANGE);
    expect(byKey(ours, 'Credit note number').get(creditNote)![0]).toMatchObject({
      'Invoice number': cardInvoice.number,
      Method: 'card',
      Reason: 'damaged',
      'Credit total': '12.50',
    });
    expectNothingOfTheOtherSeller(String(xero.body) + String(qbo.body) + String(ours.body));
  });
});

describe('payouts', () => {
  it('as a bank statement of the card money: payments in, card refunds out; payments by check left out', async () => {
    for (const [format, day] of [
      ['quickbooks', mdy],
      ['xero', dmy],
    ] as const) {
      const file = await exportOf('payouts', `${RANGE}&format=${format}`);
      expect(file.status).toBe(200);
      expect(file.header).toEqual(['Date', 'Amount', 'Payee', 'Description', 'Reference']);
      expect(file.rows).toEqual([
        [day(today), usd(cardInvoice.amount_cents), 'Corner Grocery', `Card payment for ${cardInvoice.number}`, cardInvoice.number],
        [day(today), '-12.50', 'Corner Grocery', `Card refund ${creditNote} for ${cardInvoice.number}`, creditNote],
      ]);
    }
    const ours = await exportOf('payouts', RANGE);
    expect(ours.header).toEqual(['Date', 'Amount', 'Payee', 'Description', 'Reference', 'Kind', 'Invoice number', 'Credit note number', 'Currency']);
    expect(ours.rows.map((r) => r[5])).toEqual(['payment', 'refund']);
    expectNothingOfTheOtherSeller(String(ours.body));
  });
});

describe('reading a range page by page', () => {
  async function all<Row extends { id: string }>(pages: AsyncGenerator<Row[]>) {
    const sizes: number[] = [];
    const ids: string[] = [];
    for await (const page of pages) {
      sizes.push(page.length);
      ids.push(...page.map((r) => r.id));
    }
    return { sizes, ids };
  }

  it('gives every record once, oldest first, whatever the page size (the keyset crosses pages, payments and refunds merged)', async () => {
    const ctx = { db: db() };
    const range = { sellerId: seller.orgId, from: isoDay(Date.now() - 90 * DAY), to: today };
    for (const read of [placedOrdersInRange, refundsInRange, cardMovementsInRange] as const) {
      const whole = await all<{ id: string }>(read(ctx, range));
      for (const size of [1, 2]) {
        const paged = await all<{ id: string }>(read(ctx, range, size));
        expect(paged.ids).toEqual(whole.ids);
        expect(paged.sizes.every((n) => n <= size)).toBe(true);
      }
    }
    expect((await all(placedOrdersInRange(ctx, range))).ids).toHaveLength(3);
    expect((await all(cardMovementsInRange(ctx, range, 1))).sizes).toEqual([1, 1]);
  });
});

describe('who and what may be asked', () => {
  it('is the owners’ and admins’: Staff get 403, the buyer and another seller are refused', async () => {
    const asStaff = await exportOf('invoices', RANGE, staff.token);
    expect(asStaff.status).toBe(403);
    expect(asStaff.body.message).toMatch(/owner or admin/i);
    expect((await exportOf('invoices', RANGE, buyer.token)).status).toBe(403);
    const asOther = await exportOf('invoices', RANGE, other.token);
    expect([403, 404]).toContain(asOther.status);
    expect(String(asOther.body)).not.toContain(cardInvoice.number);
    expect((await exportOf('invoices', RANGE, '')).status).toBe(401);
  });

  it('answers bad parameters with a JSON 400 naming the field', async () => {
    const cases: [string, string, string][] = [
      ['invoices', 'from=2026-13-01&to=2026-12-31', 'from'],
      ['invoices', 'from=2026-02-01&to=yesterday', 'to'],
      ['invoices', 'from=2026-03-01&to=2026-02-01', 'to'],
      ['invoices', 'from=2025-01-01&to=2026-01-02', 'to'],
      ['invoices', `${RANGE}&format=sage`, 'format'],
      ['invoices', `${RANGE}&date_format=ymd`, 'date_format'],
      ['invoices', `${RANGE}&format=xero&account_code=%00`, 'account_code'],
      ['invoices', 'to=2026-01-01', 'from'],
    ];
    for (const [kind, query, field] of cases) {
      const res = await exportOf(kind, query);
      expect(res.status, `${kind}?${query}`).toBe(400);
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      expect(res.body.issues.map((i: { path: string }) => i.path), `${kind}?${query}`).toContain(field);
    }
    const unknownKind = await exportOf('ledgers', RANGE);
    expect(unknownKind.status).toBe(404);
    expect(String(unknownKind.headers['content-type'])).toMatch(/^application\/json/);
    // A full year (366 days, both counted) is allowed.
    expect((await exportOf('invoices', 'from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });

  it('is published as CSV for 200 and JSON for errors', async () => {
    const doc = (await h.call('GET', '/api/openapi.json')).body;
    const exports = ['orders', 'invoices', 'refunds', 'payouts'].map((k) => `/api/organization/{org_id}/exports/${k}.csv`);
    for (const path of [...exports, '/api/organization/{org_id}/customers/{purchaser_id}/statement.pdf']) {
      const responses = doc.paths[path].get.responses;
      expect(Object.keys(responses['200'].content)).toEqual([path.endsWith('.pdf') ? 'application/pdf' : 'text/csv']);
      expect(Object.keys(responses['400'].content)).toEqual(['application/json']);
    }
    // Each kind publishes the layouts it comes in.
    const formatOf = (path: string) =>
      doc.paths[path].get.parameters.find((p: { name: string; in: string }) => p.name === 'format' && p.in === 'query').schema;
    expect(formatOf(exports[0]!).enum).toEqual(['cratebase']);
    expect(formatOf(exports[1]!).enum).toEqual(['quickbooks', 'xero', 'cratebase']);
  });
});

describe('layouts', () => {
  const order: LedgerOrder = {
    id: '00000000-0000-4000-8000-000000000001',
    keyset_at: '2026-01-05T10:00:00.000000Z',
    placed_on: '2026-01-05',
    po_number: '=HYPERLINK("http://evil")',
    is_net_30: true,
    net_days: 30,
    subtotal_cents: 3_000,
    shipping_cost_in_cents: 995,
    total_cents: 3_995,
    refunded_cents: 0,
    cancelled_cents: 1_000,
    fulfillment_status: 'accepted',
    shipping_carrier: 'USPS',
    shipping_service_level: 'usps_priority',
    ship_to: null,
    customer_name: '@Risky Retail',
    customer_address: null,
    invoice: {
      number: 'CB-000042',
      status: 'OPEN',
      amount_cents: 2_995,
      issued_on: '2026-01-05',
      due_on: '2026-02-04',
      net_days: 30,
      paid_on: null,
      paid_method: null,
    },
    lines: [
      { id: 'l1', product_id: 'p1', name: 'Tea Towel', stock_keeping_unit: 'TT-1', order_unit: null, quantity_per_unit: null, quantity: 3, unit_price_in_cents: 1_000, line_total_cents: 3_000, cancelled_quantity: 1 },
    ] as LedgerOrder['lines'],
  };

  it('adds a line for what was cancelled off an open invoice, so the lines add up to what it asks', () => {
    const lines = invoiceLines(order);
    expect(lines.map((l) => [l.item, l.quantity, l.unitCents, l.amountCents])).toEqual([
      ['Tea Towel', 3, 1_000, 3_000],
      ['Shipping', 1, 995, 995],
      ['Adjustment', 1, -1_000, -1_000],
    ]);
    expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(2_995);
  });

  it('guards text that starts like a formula, in every layout', () => {
    for (const format of ['quickbooks', 'xero', 'cratebase'] as const) {
      const text = LAYOUTS[format].invoices!.rows(order, defaultLayoutOptions('iso'));
      expect(text).toContain("'@Risky Retail");
      expect(text).not.toMatch(/(^|,)@Risky/m);
      // No cell starts with a formula: the PO number is guarded (ours) or follows "PO " (QuickBooks, Xero).
      expect(text).not.toMatch(/(^|,)"?[=@+]/m);
      if (format === 'cratebase') expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
      // Negative amounts are numbers, not guarded text.
      expect(text).toContain(',-10.00,');
    }
  });
});

describe('GET /api/organization/{org_id}/customers/{purchaser_id}/statement.pdf', () => {
  const url = (from: string, to: string, purchaser = buyer.orgId) =>
    `/api/organization/${seller.orgId}/customers/${purchaser}/statement.pdf?from=${from}&to=${to}`;
  const get = async (path: string, token = seller.token) => {
    const res = await h.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
  };

  it('prints the opening balance, the period’s invoices, payments and credits with a running balance, the closing balance and the aging', async () => {
    const from = isoDay(Date.now() - 10 * DAY);
    const res = await get(url(from, today));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${from}-${today}.pdf"`);
    const lines = (await pdfPages(res.bytes)).flat();
    const text = lines.join('\n');
    const money = (c: number) => `$${(c / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
    expect(text).toContain('Statement');
    expect(text).toContain('Corner Grocery');
    // Owed before the period: the Net 30 invoice of 75 days ago.
    expect(text).toContain(`Opening balance on`);
    expect(lines.find((l) => l.startsWith('Opening balance on'))).toContain(money(openInvoice.amount_cents));
    // The period, in date order, with the balance after each.
    const open = openInvoice.amount_cents;
    const card = cardInvoice.amount_cents;
    // Within a day: invoices, then payments (the check's, recorded for the day at 00:00, first), then credits.
    const check = checkInvoice.amount_cents;
    const expected = [
      ['Invoice', cardInvoice.number, money(card), money(open + card)],
      ['Invoice', checkInvoice.number, money(check), money(open + card + check)],
      ['Payment by check', checkInvoice.number, money(check), money(open + card)],
      ['Payment by card', cardInvoice.number, money(card), money(open)],
      [`Credit note for ${cardInvoice.number}`, creditNote, '$12.50', money(open - 1_250)],
      ['Refund paid to card', creditNote, '$12.50', money(open)],
    ];
    const rows = lines.filter((l) => / (CB|CN)-\d{6} /.test(l));
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, n) => {
      for (const part of expected[n]!) expect(row, row).toContain(part);
    });
    expect(text).not.toContain(`${openInvoice.number} `); // issued before the period
    expect(lines.find((l) => l.startsWith('Closing balance on'))).toContain(money(open));
    // Aging at the period's end: the open invoice is 45 days past due.
    const agingHead = lines.findIndex((l) => l.includes('Current') && l.includes('31-60 days'));
    expect(agingHead).toBeGreaterThan(-1);
    expect(lines[agingHead + 1]).toBe(`$0.00 $0.00 ${money(open)} $0.00 $0.00 ${money(open)}`);
    expect(text).not.toContain('Elsewhere Market');
  });

  it('ages what was owed at the period’s end, as it stood then: an invoice not yet due is current', async () => {
    const res = await get(url(isoDay(Date.now() - 80 * DAY), isoDay(Date.now() - 50 * DAY)));
    expect(res.status).toBe(200);
    const lines = (await pdfPages(res.bytes)).flat();
    const owed = `$${(openInvoice.amount_cents / 100).toFixed(2)}`;
    expect(lines.find((l) => l.startsWith('Opening balance on'))).toContain('$0.00');
    expect(lines.filter((l) => / (CB|CN)-\d{6} /.test(l))).toEqual([expect.stringContaining(`Invoice ${openInvoice.number}`)]);
    expect(lines.find((l) => l.startsWith('Closing balance on'))).toContain(owed);
    const agingHead = lines.findIndex((l) => l.includes('Current') && l.includes('Over 90 days'));
    expect(lines[agingHead + 1]).toBe(`${owed} $0.00 $0.00 $0.00 $0.00 ${owed}`);
  });

  it('is refused to Staff (403) and is 404 for an organization that does not buy from the seller; bad days are a JSON 400', async () => {
    expect((await get(url(today, today), staff.token)).status).toBe(403);
    const notCustomer = await get(url(today, today, otherBuyer.orgId));
    expect(notCustomer.status).toBe(404);
    expect(String(notCustomer.headers['content-type'])).toMatch(/^application\/json/);
    const backwards = await get(url(today, isoDay(Date.now() - 5 * DAY)));
    expect(backwards.status).toBe(400);
    expect(backwards.json().issues[0].path).toBe('to');
    expect((await get(url(today, today), other.token)).status).toBe(403);
  });
});
