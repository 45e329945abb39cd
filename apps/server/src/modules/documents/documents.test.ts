/**
 * The order's documents through the API (issue 10 items 3 and 4): the packing slip for the
 * seller's members only, and the invoice PDF behind signed links that open without a token, for
 * an hour, and only as signed. Each PDF is read back with pdf.js, as a person would read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hkdfSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pdfPages } from '../../../test/support/pdf.js';
import { TEST_CARDS, type Cart, type CustomerOrder } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';
import {
  SHIP_FROM,
  SHIP_TO,
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readCart,
  readySeller,
  type Org,
} from '../../../test/support/checkout.js';
import { invoiceLink, invoiceLinkKey } from '../orders/invoice-links.js';
import { DERIVATION_ROOT_SECRET, deriveSecret } from '../../identity/secrets.js';
import { INVOICE_LINK_EXPIRED_MESSAGE } from './routes.js';


let h: Harness;
let seller: Org;
let buyer: Org;
let stranger: Org;
/** The placed order, its invoice and the customer's draft order (its next cart). */
let orderId: string;
let invoiceId: string;
let invoiceNumber: string;
let draftOrderId: string;
let totalCents: number;

/** GET through the app, with the bytes as sent (the harness reads bodies as text). */
async function get(url: string, token?: string) {
  const res = await h.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

/** The path and query of an absolute link the API handed out (the app is reached through inject). */
function pathOf(link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe('http://localhost:3999');
  return `${url.pathname}${url.search}`;
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

beforeAll(async () => {
  h = await createHarness();
  seller = await readySeller(h);
  // The seller's logo, uploaded and chosen as the screens do.
  const mp = multipartBody([{ filename: 'logo.png', contentType: 'image/png', data: await makeImage(300, 300) }]);
  const logo = await ok(
    h.call('POST', `/api/media/${seller.orgId}/upload?purpose=logo`, { token: seller.token, body: mp.body, headers: mp.headers }),
  );
  await ok(
    h.call('PUT', '/api/organization/image_set', {
      token: seller.token,
      body: { id: null, organization_id: seller.orgId, logo: { id: logo.id, cloudinary_url: logo.cloudinary_url } },
    }),
  );
  buyer = await customerOf(h, seller, 'Corner Grocery');
  stranger = await readySeller(h);
  const jam = await liveProduct(h, seller, {
    name: 'Strawberry Jam',
    stock_keeping_unit: 'JAM-STR-12',
    unit_price_in_cents: 1_250,
    order_unit: 'Case',
    quantity_per_unit: 6,
  });
  const honey = await liveProduct(h, seller, { name: 'Clover Honey', stock_keeping_unit: 'HNY-1', unit_price_in_cents: 899 });
  const { cart } = await atPayment(h, seller, buyer, { [jam]: 3, [honey]: 10 });
  const session = await ok(createSession(h, seller, buyer, cart));
  await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
  orderId = cart.order.id;
  totalCents = session.amount_cents;
  const { rows } = await h.testDb.database.db.execute<{ id: string; number: string }>(
    sql`select id, number from invoices where order_id = ${orderId}`,
  );
  invoiceId = rows[0]!.id;
  invoiceNumber = rows[0]!.number;
  expect(invoiceNumber).toMatch(/^CB-\d{6}$/);
  const next: Cart = await readCart(h, seller, buyer);
  draftOrderId = next.order.id;
}, 120_000);

afterAll(async () => h?.close());

describe('GET /api/order/{order_id}/packing-slip', () => {
  it('gives the seller a PDF of the order to pack: lines with SKU, name, unit and quantity, addresses, logo, no prices', async () => {
    const res = await get(`/api/order/${orderId}/packing-slip`, seller.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="packing-slip-${invoiceNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The logo the seller chose is drawn.
    expect(res.bytes.includes('/Subtype /Image')).toBe(true);

    const pages = await pdfPages(res.bytes);
    const text = pages.flat().join('\n');
    expect(text).toContain('Packing slip');
    expect(text).toContain(`Order ${invoiceNumber}`);
    expect(pages[0]).toContain('JAM-STR-12 Strawberry Jam Case of 6 3');
    expect(pages[0]).toContain('HNY-1 Clover Honey Each 10');
    expect(text).toContain('Total: 13 units in 2 lines');
    expect(text).toContain(`${SHIP_TO.first_name} ${SHIP_TO.last_name}`);
    expect(text).toContain(`${SHIP_TO.city}, ${SHIP_TO.state} ${SHIP_TO.postal_code}`);
    expect(text).toContain(SHIP_FROM.line1);
    expect(text).toContain(`${SHIP_FROM.city}, ${SHIP_FROM.state} ${SHIP_FROM.postal_code}`);
    expect(text).toContain('Corner Grocery');
    expect(text).not.toContain('$');
  });

  it('is refused to the buyer, to another seller, to a caller without a token, and for an order not placed', async () => {
    expect((await get(`/api/order/${orderId}/packing-slip`, buyer.token)).status).toBe(404);
    const other = await get(`/api/order/${orderId}/packing-slip`, stranger.token);
    expect(other.status).toBe(404);
    expect(other.text).not.toContain('%PDF');
    expect((await get(`/api/order/${orderId}/packing-slip`)).status).toBe(401);
    expect((await get(`/api/order/${draftOrderId}/packing-slip`, seller.token)).status).toBe(404);
    expect((await get(`/api/order/${orderId.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}/packing-slip`, seller.token)).status).toBe(404);
  });
});

describe('invoice links', () => {
  it('hands the seller and the buyer a fresh signed link that opens the invoice PDF without a token', async () => {
    for (const who of [seller, buyer]) {
      const { link } = await ok(h.call('GET', `/api/invoice/${invoiceId}`, { token: who.token }));
      expect(link).toMatch(new RegExp(`^http://localhost:3999/invoices/${invoiceId}\\.pdf\\?expires=\\d+&signature=[0-9a-f]{64}$`));
      const res = await get(pathOf(link));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="invoice-${invoiceNumber}.pdf"`);
      const text = (await pdfPages(res.bytes)).flat();
      expect(text).toContain(`Invoice ${invoiceNumber}`);
      expect(text).toContain('PAID');
      expect(text).toContain('Paid with Visa •••• 4242');
      expect(text).toContain('Strawberry Jam 3 $12.50 $37.50');
      expect(text).toContain('Clover Honey 10 $8.99 $89.90');
      expect(text).toContain('Subtotal $127.40');
      expect(text.some((l) => /^Shipping \(.+\) \$\d+\.\d\d$/.test(l))).toBe(true);
      expect(text).toContain(`Total ${usd(totalCents)}`);
      expect(text.join('\n')).toContain('Corner Grocery');
    }
  });

  it('hands out a link that opens for an invoice id asked for in upper case (the same invoice)', async () => {
    const { link } = await ok(h.call('GET', `/api/invoice/${invoiceId.toUpperCase()}`, { token: buyer.token }));
    expect(new URL(link).pathname).toBe(`/invoices/${invoiceId}.pdf`);
    const res = await get(pathOf(link));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
  });

  it('is not handed to another organization', async () => {
    expect((await h.call('GET', `/api/invoice/${invoiceId}`, { token: stranger.token })).status).toBe(404);
    expect((await h.call('GET', `/api/invoice/${invoiceId}`)).status).toBe(401);
  });

  it('the customer orders list and the order carry links that open too', async () => {
    const orders = await ok<CustomerOrder[]>(
      h.call('GET', `/api/order/organization/${seller.orgId}/purchasing_organization/${buyer.orgId}`, { token: seller.token }),
    );
    expect(orders.map((o) => o.id)).toEqual([orderId]);
    expect(new URL(orders[0]!.invoice!.link).pathname).toBe(`/invoices/${invoiceId}.pdf`);
    expect((await get(pathOf(orders[0]!.invoice!.link))).status).toBe(200);
    const order = await ok(h.call('GET', `/api/order/${orderId}`, { token: buyer.token }));
    expect((await get(pathOf(order.invoice.link))).status).toBe(200);
  });

  it('refuses a tampered link with 404 and an expired one with 410 and a sentence', async () => {
    const { link } = await ok(h.call('GET', `/api/invoice/${invoiceId}`, { token: buyer.token }));
    const url = new URL(link);
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));

    const flipped = `${url.pathname}?expires=${expires}&signature=${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const later = `${url.pathname}?expires=${expires + 86_400}&signature=${signature}`;
    const bare = url.pathname;
    const otherInvoice = `/invoices/${orderId}.pdf${url.search}`;
    for (const path of [flipped, later, bare, otherInvoice, '/invoices/not-an-id.pdf']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('%PDF');
    }

    // A link signed two hours ago (as if leaked then) has stopped working.
    const key = await invoiceLinkKey(h.testDb.database.db);
    const old = invoiceLink({ publicUrl: h.config.publicUrl, key }, invoiceId, new Date(Date.now() - 2 * 60 * 60 * 1000));
    const expired = await get(pathOf(old));
    expect(expired.status).toBe(410);
    expect(expired.headers['content-type']).toMatch(/^text\/html/);
    expect(expired.text).toContain(INVOICE_LINK_EXPIRED_MESSAGE);
    expect(expired.text).not.toContain('%PDF');
  });
});

describe('the signing key', () => {
  it('is derived from the root secret stored in the database (every process reads the same), one key per purpose', async () => {
    const db = h.testDb.database.db;
    const { rows } = await db.execute<{ value: string }>(
      sql`select value from system_secrets where name = ${DERIVATION_ROOT_SECRET}`,
    );
    expect(rows).toHaveLength(1);
    const root = Buffer.from(rows[0]!.value, 'base64url');
    expect(root.length).toBe(32);
    const expected = Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'cratebase:invoice-links', 32));
    expect((await invoiceLinkKey(db)).equals(expected)).toBe(true);
    const other = await deriveSecret(db, 'something-else');
    expect(other.equals(expected)).toBe(false);
    expect((await deriveSecret(db, 'something-else')).equals(other)).toBe(true);
  });
});
