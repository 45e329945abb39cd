/**
 * Line sheets through the API (issue 25 part 3): a seller makes a sheet of chosen products,
 * downloads its PDF (read back with pdf.js, as a person reads it), shares it behind a link that
 * anyone can open without an account — seeing the sheet's prices and nothing else of the
 * seller's — revokes it, and answers a store's request to order with a customer invite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LineSheet, SharedLineSheet, type LineSheetRequest } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';
import { liveProduct, ok, type Org } from '../../../test/support/checkout.js';
import { pdfPages } from '../../../test/support/pdf.js';

let h: Harness;
let seller: Org;
let other: Org;
let jam: string;
let honey: string;
let tee: string;
let draft: string;

/** The jam's fields as saved, and as the sheet shows them. */
const JAM = {
  stock_keeping_unit: 'JAM-STR-12',
  unit_price_in_cents: 1_250,
  msrp_in_cents: 2_499,
  minimum_order_quantity: 6,
  order_increment: 6,
  order_unit: 'Case',
  quantity_per_unit: 12,
};

const putProduct = (body: Record<string, unknown>) =>
  ok(h.call('PUT', '/api/product', { token: seller.token, body: { organization: { id: seller.orgId }, ...body } }));

async function uploadPhoto(): Promise<string> {
  const mp = multipartBody([{ filename: 'p.png', contentType: 'image/png', data: await makeImage(800, 800) }]);
  const res = await h.call('POST', `/api/media/${seller.orgId}/upload`, {
    token: seller.token,
    body: mp.body,
    headers: mp.headers,
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

/** GET with the bytes as sent (the harness reads bodies as text). */
async function getBytes(url: string, token?: string) {
  const res = await h.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

async function mailbox(to: string) {
  await h.app.mail.worker.drain();
  const res = await h.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body as { subject: string; links: string[]; text: string }[];
}

const newSheet = (body: Record<string, unknown>, who: Org = seller) =>
  h.call('POST', `/api/organization/${who.orgId}/line-sheets`, { token: who.token, body });

beforeAll(async () => {
  h = await createHarness();
  seller = await h.newOrgUser('Merchant', 'Hill Farm Preserves');
  other = await h.newOrgUser('Merchant', 'Other Seller');
  const photo = await uploadPhoto();
  jam = await liveProduct(h, seller, {
    name: 'Strawberry Jam',
    ...JAM,
    media: [{ display_order: 0, media: { id: photo } }],
  });
  honey = await liveProduct(h, seller, { name: 'Clover Honey', stock_keeping_unit: 'HNY-1', unit_price_in_cents: 899 });
  tee = (
    await putProduct({
      name: 'Farm Tee',
      state: 'Live',
      unit_price_in_cents: 1_200,
      msrp_in_cents: 2_800,
      product_physical_measurements: { weight: 0.5, weight_unit: 'lb' },
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    })
  ).id;
  draft = (await putProduct({ name: 'Secret Draft Chutney', unit_price_in_cents: 100 })).id;
  // A pre-order window on the honey (the pre-order columns of issue 25 part 4).
  await h.testDb.database.db.execute(
    sql`update products set preorder_ships_from = '2027-03-01', preorder_ships_until = '2027-03-15', preorder_order_by = '2027-02-01' where id = ${honey}`,
  );
}, 60_000);

afterAll(async () => h?.close());

describe('a seller’s line sheet', () => {
  let sheetId: string;

  it('is made with chosen products in order; drafts are kept as chosen but not listed', async () => {
    const sheet = LineSheet.parse(
      await ok(
        newSheet({
          title: 'Spring 2027',
          note: 'Our spring line.\nOrder by February.',
          product_ids: [tee, jam, draft],
        }),
      ),
    );
    sheetId = sheet.id;
    expect(sheet.product_ids).toEqual([tee, jam, draft]);
    expect(sheet.products.map((p) => p.name)).toEqual(['Farm Tee', 'Strawberry Jam']);
    const jamRow = sheet.products[1]!;
    expect(jamRow).toMatchObject(JAM);
    // The photo's copies up to 600 px (the media ladder's rungs).
    expect(Object.keys(jamRow.image!.variants)).toEqual(['64', '120', '160', '200', '320', '400', '480', '600']);
    const teeRow = sheet.products[0]!;
    expect(teeRow.variants.map((v) => v.title)).toEqual(['S', 'M', 'L']);
    expect(teeRow.price_range).toEqual({ min: 1_200, max: 1_200 });
    expect(sheet.share_url).toBeNull();
  });

  it('takes a new order of products, and shows a pre-order’s ship window', async () => {
    const sheet = LineSheet.parse(
      await ok(
        h.call('PUT', `/api/line-sheets/${sheetId}/products`, {
          token: seller.token,
          body: { product_ids: [jam, honey, tee] },
        }),
      ),
    );
    expect(sheet.products.map((p) => p.name)).toEqual(['Strawberry Jam', 'Clover Honey', 'Farm Tee']);
    expect(sheet.products[1]!.ship_window).toEqual({
      ships_from: '2027-03-01',
      ships_until: '2027-03-15',
      order_by: '2027-02-01',
    });
    expect(sheet.product_count).toBe(3);
  });

  it('refuses another seller’s product, a variant and unknown ids, naming the entry', async () => {
    const foreign = await liveProduct(h, other, { name: 'Foreign Jam' });
    const res = await h.call('PUT', `/api/line-sheets/${sheetId}/products`, {
      token: seller.token,
      body: { product_ids: [jam, foreign] },
    });
    expect(res.status).toBe(404);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['product_ids.1']);
    const bad = await h.call('PATCH', `/api/line-sheets/${sheetId}`, { token: seller.token, body: { title: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('title');
  });

  it('is a PDF with a cover and the products’ names, SKUs, prices, minimums and ship windows', async () => {
    const res = await getBytes(`/api/line-sheets/${sheetId}/pdf`, seller.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The jam's photo is drawn: its 200 px copy as one JPEG image (the original is 800 px).
    const images = [...res.bytes.toString('latin1').matchAll(/\/Subtype \/Image[^>]*\/Width (\d+)/g)];
    expect(images.map((m) => Number(m[1]))).toEqual([200]);
    const pages = await pdfPages(res.bytes);
    expect(pages).toHaveLength(2);
    const cover = pages[0]!.join('\n');
    expect(cover).toContain('Hill Farm Preserves');
    expect(cover).toContain('Spring 2027');
    expect(cover).toContain('Order by February.');
    const products = pages[1]!.join('\n');
    for (const text of [
      'Strawberry Jam',
      'SKU JAM-STR-12',
      'Wholesale $12.50',
      'Retail $24.99',
      'Min 6 · multiples of 6 · Case of 12',
      'Clover Honey',
      'Pre-order · ships Mar 1 – 15, 2027',
      'Order by Feb 1, 2027',
      'Farm Tee',
      'Size: S, M, L',
    ]) {
      expect(products).toContain(text);
    }
    expect(products).not.toContain('Secret Draft');
  });

  it('is not another seller’s to read, change or share (404)', async () => {
    for (const [method, url] of [
      ['GET', `/api/line-sheets/${sheetId}`],
      ['GET', `/api/line-sheets/${sheetId}/pdf`],
      ['POST', `/api/line-sheets/${sheetId}/share`],
    ] as const) {
      const res = await h.call(method, url, { token: other.token, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(await ok(h.call('GET', `/api/organization/${other.orgId}/line-sheets`, { token: other.token }))).toEqual([]);
  });

  describe('shared', () => {
    let token: string;

    it('opens without an account at its link, with the sheet’s prices and nothing else of the seller’s', async () => {
      const sheet = LineSheet.parse(
        await ok(h.call('POST', `/api/line-sheets/${sheetId}/share`, { token: seller.token, body: {} })),
      );
      token = sheet.share_token!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(sheet.share_url).toBe(`http://localhost:3999/line-sheet/${token}`);
      const res = await h.call('GET', `/api/line-sheets/shared/${token}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const shared = SharedLineSheet.parse(res.body);
      expect(shared.seller.name).toBe('Hill Farm Preserves');
      expect(shared.products.map((p) => [p.name, p.unit_price_in_cents])).toEqual([
        ['Strawberry Jam', 1_250],
        ['Clover Honey', 899],
        ['Farm Tee', 1_200],
      ]);
      // Nothing but the page's own fields: not the sheet's id, a price list, stock or a draft.
      const text = JSON.stringify(res.body);
      for (const secret of [sheetId, 'Secret Draft', 'price_list', 'inventory', 'organization_id', 'share']) {
        expect(text).not.toContain(secret);
      }
      const pdf = await getBytes(`/api/line-sheets/shared/${token}/pdf`);
      expect(pdf.status).toBe(200);
      expect((await pdfPages(pdf.bytes))[0]!.join('\n')).toContain(`http://localhost:3999/line-sheet/${token}`);
    });

    it('is e-mailed as a link to its page and its PDF', async () => {
      const res = await ok(
        h.call('POST', `/api/line-sheets/${sheetId}/email`, {
          token: seller.token,
          body: { to: 'Buyer@Corner.example', message: 'Hi Ann!' },
        }),
      );
      expect(res).toEqual({ sent_to: 'buyer@corner.example', share_url: `http://localhost:3999/line-sheet/${token}` });
      const [mail] = await mailbox('buyer@corner.example');
      expect(mail!.subject).toBe('Hill Farm Preserves sent you a line sheet: Spring 2027');
      expect(mail!.text).toContain('Hi Ann!');
      expect(mail!.links).toContain(`http://localhost:3999/line-sheet/${token}`);
      expect(mail!.text).toContain(`http://localhost:3999/api/line-sheets/shared/${token}/pdf`);
    });

    let request: LineSheetRequest;

    it('takes a request to order from a store without an account and e-mails the seller', async () => {
      const bad = await h.call('POST', `/api/line-sheets/shared/${token}/requests`, {
        body: { store_name: '', contact_name: 'Ann', email: 'not-an-email' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'store_name']);
      const send = () =>
        h.call('POST', `/api/line-sheets/shared/${token}/requests`, {
          headers: { 'idempotency-key': 'request-1' },
          body: {
            store_name: 'Corner Grocery',
            contact_name: 'Ann Lee',
            email: 'Ann@Corner.example',
            phone: '+1 503 555 0100',
            message: 'Can we get 12 cases?',
          },
        });
      // A retry after a lost answer (the same Idempotency-Key) is stored and e-mailed once.
      for (const res of [await send(), await send()]) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ received: true });
      }
      const mails = await mailbox(seller.email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toBe('Corner Grocery requests to order from your line sheet Spring 2027');
      expect(mail!.text).toContain('ann@corner.example');
      expect(mail!.text).toContain('Can we get 12 cases?');
      const requests = await ok<LineSheetRequest[]>(
        h.call('GET', `/api/line-sheets/${sheetId}/requests`, { token: seller.token }),
      );
      expect(requests).toHaveLength(1);
      request = requests[0]!;
      expect(request).toMatchObject({ store_name: 'Corner Grocery', email: 'ann@corner.example', invite_id: null });
      expect((await ok(h.call('GET', `/api/line-sheets/${sheetId}`, { token: seller.token }))).open_request_count).toBe(
        1,
      );
    });

    it('is answered with a customer invite in one click (the Invites screen’s invite)', async () => {
      expect(
        (await h.call('POST', `/api/line-sheets/requests/${request.id}/invite`, { token: other.token, body: {} }))
          .status,
      ).toBe(404);
      const answered = await ok<LineSheetRequest>(
        h.call('POST', `/api/line-sheets/requests/${request.id}/invite`, { token: seller.token, body: {} }),
      );
      expect(answered.invite_id).not.toBeNull();
      const invites = await ok(h.call('GET', `/api/invite/organization/${seller.orgId}`, { token: seller.token }));
      expect(invites.map((i: { id: string; send_to_email: string }) => [i.id, i.send_to_email])).toEqual([
        [answered.invite_id, 'ann@corner.example'],
      ]);
      const [mail] = await mailbox('ann@corner.example');
      expect(mail!.links).toContain(`http://localhost:3999/invite/${answered.invite_id}`);
    });

    it('refuses a visitor’s sixth request in an hour (429 with Retry-After)', async () => {
      const body = { store_name: 'Spam Shop', contact_name: 'Spam', email: 'spam@example.com' };
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await h.call('POST', `/api/line-sheets/shared/${token}/requests`, { body })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    });

    it('stops at once when revoked, or when the link is rotated: the same 404 as a guessed link', async () => {
      await ok(h.call('POST', `/api/line-sheets/${sheetId}/share`, { token: seller.token, body: {} }));
      const rotated = await h.call('GET', `/api/line-sheets/shared/${token}`);
      const sheet = LineSheet.parse(
        await ok(h.call('DELETE', `/api/line-sheets/${sheetId}/share`, { token: seller.token })),
      );
      expect(sheet.share_token).toBeNull();
      const guessed = 'A'.repeat(43);
      const answers = [
        rotated,
        await h.call('GET', `/api/line-sheets/shared/${guessed}`),
        await h.call('GET', `/api/line-sheets/shared/short`),
        await h.call('GET', `/api/line-sheets/shared/${'x'.repeat(90)}`),
        await h.call('GET', `/api/line-sheets/shared/${token}/pdf`),
        await h.call('POST', `/api/line-sheets/shared/${guessed}/requests`, {
          body: { store_name: 'X', contact_name: 'Y', email: 'x@example.com' },
        }),
      ];
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          error: 'not_found',
          message: 'This line sheet link is not valid. Ask the seller for a new link.',
        });
      }
    });
  });

  it('shows a price list’s prices and leaves out what it hides; the page never shows wholesale or the list', async () => {
    const base = `/api/organization/${seller.orgId}/price_lists`;
    const list = await ok(
      h.call('POST', base, { token: seller.token, body: { name: 'Distributor', percent_off: 10 } }),
    );
    await ok(
      h.call('PUT', `${base}/${list.id}/prices`, {
        token: seller.token,
        body: { prices: [{ product_id: jam, unit_price_in_cents: 1_000 }] },
      }),
    );
    await ok(
      h.call('PUT', `${base}/${list.id}/hidden_products`, {
        token: seller.token,
        body: { products: [{ product_id: honey, hidden: true }] },
      }),
    );
    const foreign = await ok(
      h.call('POST', `/api/organization/${other.orgId}/price_lists`, {
        token: other.token,
        body: { name: 'Theirs', percent_off: 50 },
      }),
    );
    const refused = await newSheet({ title: 'Wrong list', price_list_id: foreign.id });
    expect(refused.status).toBe(404);
    expect(refused.body.issues.map((i: { path: string }) => i.path)).toEqual(['price_list_id']);

    const sheet = LineSheet.parse(
      await ok(newSheet({ title: 'Trade accounts', price_list_id: list.id, product_ids: [jam, honey, tee] })),
    );
    expect(sheet.price_list).toEqual({ id: list.id, name: 'Distributor' });
    expect(sheet.products.map((p) => [p.name, p.unit_price_in_cents, p.msrp_in_cents])).toEqual([
      ['Strawberry Jam', 1_000, 2_499],
      ['Farm Tee', 1_080, 2_800],
    ]);
    expect(sheet.products[1]!.variants.map((v) => v.unit_price_in_cents)).toEqual([1_080, 1_080, 1_080]);
    const cover = (await pdfPages((await getBytes(`/api/line-sheets/${sheet.id}/pdf`, seller.token)).bytes))[0]!.join(
      '\n',
    );
    expect(cover).toContain('Wholesale, Distributor (USD)');

    const shared = LineSheet.parse(
      await ok(h.call('POST', `/api/line-sheets/${sheet.id}/share`, { token: seller.token, body: {} })),
    );
    const page = await h.call('GET', `/api/line-sheets/shared/${shared.share_token}`);
    expect(page.body.products.map((p: { unit_price_in_cents: number }) => p.unit_price_in_cents)).toEqual([
      1_000, 1_080,
    ]);
    const text = JSON.stringify(page.body);
    for (const secret of ['Distributor', list.id, '1250', '"unit_price_in_cents":1200', 'Clover Honey'])
      expect(text).not.toContain(secret);
    const publicCover = (
      await pdfPages((await getBytes(`/api/line-sheets/shared/${shared.share_token}/pdf`)).bytes)
    )[0]!.join('\n');
    expect(publicCover).toContain('Wholesale (USD)');
    expect(publicCover).not.toContain('Distributor');

    // A deleted list leaves the sheet on wholesale prices.
    expect((await h.call('DELETE', `${base}/${list.id}`, { token: seller.token })).status).toBeLessThan(300);
    const after = LineSheet.parse(await ok(h.call('GET', `/api/line-sheets/${sheet.id}`, { token: seller.token })));
    expect(after.price_list).toBeNull();
    expect(after.products.map((p) => p.unit_price_in_cents)).toEqual([1_250, 899, 1_200]);
    expect((await h.call('DELETE', `/api/line-sheets/${sheet.id}`, { token: seller.token })).status).toBe(204);
  });

  it('lists every live product with “all live products”, newest first, and is deleted with its link', async () => {
    const all = LineSheet.parse(await ok(newSheet({ title: 'Everything', all_products: true })));
    expect(all.products.map((p) => p.name)).toEqual(['Farm Tee', 'Clover Honey', 'Strawberry Jam']);
    const list = await ok(h.call('GET', `/api/organization/${seller.orgId}/line-sheets`, { token: seller.token }));
    expect(list.map((s: { title: string; product_count: number }) => [s.title, s.product_count])).toEqual([
      ['Everything', 3],
      ['Spring 2027', 3],
    ]);
    const shared = LineSheet.parse(
      await ok(h.call('POST', `/api/line-sheets/${all.id}/share`, { token: seller.token, body: {} })),
    );
    expect((await h.call('DELETE', `/api/line-sheets/${all.id}`, { token: seller.token })).status).toBe(204);
    expect((await h.call('GET', `/api/line-sheets/shared/${shared.share_token}`)).status).toBe(404);
    expect((await h.call('GET', `/api/line-sheets/${all.id}`, { token: seller.token })).status).toBe(404);
  });
});
