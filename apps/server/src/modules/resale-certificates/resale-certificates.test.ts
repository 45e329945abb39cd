/**
 * Resale certificates (issue 25 part 5) through the API: the retailer uploads and replaces its
 * certificate, bad files and fields are refused naming the field, strangers learn nothing, the
 * seller's requirement stops a first order without one (card and net terms), the expiry e-mails
 * go to both sides once, and invoices say why no sales tax was charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  RESALE_CERTIFICATE_REQUIRED_MESSAGE,
  TAX_EXEMPT_LINE,
  TAX_NOT_CHARGED_LINE,
  isoDay,
  type CheckoutSession,
} from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';
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

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: process.env.TEST_LOG ?? 'error' });
});
afterAll(async () => h?.close());

const DAY = 24 * 60 * 60 * 1000;
const dayFromNow = (days: number) => isoDay(new Date(Date.now() + days * DAY));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const certificateUrl = (org: Org) => `/api/organization/${org.orgId}/resale_certificate`;
const customerUrl = (seller: Org, buyer: Org) =>
  `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/resale_certificate`;
const requirementUrl = (seller: Org) => `/api/organization/${seller.orgId}/resale_certificate_requirement`;

async function upload(org: Org, data: Buffer, filename: string, contentType = 'application/octet-stream') {
  const form = multipartBody([{ filename, contentType, data }]);
  const res = await h.app.inject({
    method: 'POST',
    url: `${certificateUrl(org)}/files`,
    headers: { ...form.headers, authorization: `Bearer ${org.token}` },
    payload: form.body,
  });
  return { status: res.statusCode, body: res.json() };
}

/** Uploads the file and puts it on file as the certificate. */
async function putOnFile(org: Org, facts: { state?: string; number?: string; expires_on?: string } = {}, file = PDF) {
  const uploaded = await upload(org, file, 'certificate.pdf', 'application/pdf');
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  return ok(
    h.call('PUT', certificateUrl(org), {
      token: org.token,
      body: { state: 'CA', number: 'SR-FH-100-123456', expires_on: dayFromNow(365), file_id: uploaded.body.id, ...facts },
    }),
  );
}

describe('the retailer’s certificate', () => {
  it('is uploaded as a PDF, read back with its status and file, and replaced by a PNG (one current, the old kept)', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller, 'Corner Shop');
    expect(await ok(h.call('GET', certificateUrl(buyer), { token: buyer.token }))).toEqual({ certificate: null });

    const first = await putOnFile(buyer, { state: 'ny', number: ' 12-3456789 ', expires_on: dayFromNow(200) });
    expect(first).toMatchObject({
      state: 'NY',
      state_name: 'New York',
      number: '12-3456789',
      expires_on: dayFromNow(200),
      status: 'valid',
      file: { name: 'certificate.pdf', content_type: 'application/pdf', byte_size: PDF.length },
    });
    const file = await h.app.inject({ url: `${certificateUrl(buyer)}/file`, headers: { authorization: `Bearer ${buyer.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // Replaced by a photo of the certificate: the PNG, expiring within 30 days (expires soon).
    const png = await makeImage(40, 30, 'png');
    const uploaded = await upload(buyer, png, 'scan of cert.PNG', 'image/png');
    expect(uploaded.body).toMatchObject({ name: 'scan of cert.png', content_type: 'image/png', byte_size: png.length });
    const second = await ok(
      h.call('PUT', certificateUrl(buyer), {
        token: buyer.token,
        body: { state: 'CA', number: 'SR FH 100-1', expires_on: dayFromNow(20), file_id: uploaded.body.id },
      }),
    );
    expect(second).toMatchObject({ state: 'CA', status: 'expires_soon', file: { content_type: 'image/png' } });
    expect(await ok(h.call('GET', certificateUrl(buyer), { token: buyer.token }))).toEqual({ certificate: second });
    const kept = await h.testDb.database.db.execute<{ current: boolean }>(
      sql`select replaced_at is null as current from resale_certificates where organization_id = ${buyer.orgId} order by created_at`,
    );
    expect(kept.rows).toEqual([{ current: false }, { current: true }]);

    // The seller it buys from sees it on the customer's page, and opens the file.
    const seen = await ok(h.call('GET', customerUrl(seller, buyer), { token: seller.token }));
    expect(seen).toEqual({ certificate: second, has_ordered: false });
    const sellerFile = await h.app.inject({
      url: `${customerUrl(seller, buyer)}/file`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(sellerFile.statusCode).toBe(200);
    expect(sellerFile.headers['content-type']).toBe('image/png');
    expect(sellerFile.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a file that is not a PDF or an image, naming the field, whatever its name says', async () => {
    const buyer = await h.newOrgUser('Buyer');
    const text = await upload(buyer, Buffer.from('I am a resale certificate, honest.\n'), 'certificate.pdf', 'application/pdf');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ error: 'unsupported_file_type', issues: [{ path: 'file' }] });
    expect(text.body.message).toMatch(/^file: The certificate must be a PDF, JPEG, PNG or WebP file\./);
    const gif = await upload(buyer, await makeImage(8, 8, 'gif'), 'certificate.gif', 'image/gif');
    expect(gif.status).toBe(400);
    const empty = await upload(buyer, Buffer.alloc(0), 'certificate.pdf');
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].path).toBe('file');
    const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(buyer, huge, 'huge.pdf', 'application/pdf');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.issues[0]).toEqual({ path: 'file', message: 'must be at most 10 MB' });
    const stored = await h.testDb.database.db.execute(
      sql`select 1 from resale_certificate_files where organization_id = ${buyer.orgId}`,
    );
    expect(stored.rows).toEqual([]);
  });

  it('refuses a bad state, number or expiry, and another organization’s file, naming each field', async () => {
    const buyer = await h.newOrgUser('Buyer');
    const other = await h.newOrgUser('Buyer');
    const mine = (await upload(buyer, PDF, 'c.pdf')).body.id as string;
    const theirs = (await upload(other, PDF, 'c.pdf')).body.id as string;
    const put = (body: Record<string, unknown>) =>
      h.call('PUT', certificateUrl(buyer), {
        token: buyer.token,
        body: { state: 'CA', number: 'SR-1', expires_on: dayFromNow(90), file_id: mine, ...body },
      });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ state: 'XX' }, 'state', /two-letter US state/],
      [{ state: 'California' }, 'state', /two-letter US state/],
      [{ number: '' }, 'number', /required/],
      [{ number: 'SR<script>' }, 'number', /letters, digits/],
      [{ number: 'A'.repeat(41) }, 'number', /at most 40/],
      [{ expires_on: dayFromNow(0) }, 'expires_on', /after today/],
      [{ expires_on: dayFromNow(-3) }, 'expires_on', /after today/],
      [{ expires_on: '2031-02-30' }, 'expires_on', /YYYY-MM-DD/],
      [{ expires_on: dayFromNow(11 * 366) }, 'expires_on', /within 10 years/],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues, JSON.stringify(body)).toEqual([{ path: field, message: expect.stringMatching(message) }]);
    }
    const foreign = await put({ file_id: theirs });
    expect(foreign.status).toBe(404);
    expect(foreign.body.issues[0].path).toBe('file_id');
    expect(await ok(h.call('GET', certificateUrl(buyer), { token: buyer.token }))).toEqual({ certificate: null });
  });

  it('shows nothing to strangers: another organization, a seller it does not buy from, a public /media URL', async () => {
    const seller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller);
    await putOnFile(buyer, { number: 'SECRET-CERT-77' });
    const otherSeller = await h.newOrgUser('Merchant');
    const otherBuyer = await h.newOrgUser('Buyer');
    for (const who of [otherSeller, otherBuyer]) {
      for (const path of ['', '/file']) {
        const res = await h.call('GET', `${certificateUrl(buyer)}${path}`, { token: who.token });
        expect(res.status).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('SECRET-CERT-77');
      }
    }
    for (const path of ['', '/file']) {
      const notCustomer = await h.call('GET', `${customerUrl(otherSeller, buyer)}${path}`, { token: otherSeller.token });
      expect(notCustomer.status).toBe(404);
      expect(JSON.stringify(notCustomer.body)).not.toContain('SECRET-CERT-77');
    }
    // A store it does not buy from: not found.
    const notItsStore = await h.call('GET', `${certificateUrl(buyer)}/sellers/${otherSeller.orgId}`, { token: buyer.token });
    expect(notItsStore.status).toBe(404);
    // The retailer is not the seller's member: the seller-side routes of its seller are closed to it.
    const reversed = await h.call('GET', customerUrl(seller, buyer), { token: buyer.token });
    expect(reversed.status).toBe(403);
    // The stored object is under private/, which the public /media route never serves.
    const key = (
      await h.testDb.database.db.execute<{ storage_key: string }>(
        sql`select storage_key from resale_certificate_files where organization_id = ${buyer.orgId}`,
      )
    ).rows[0]!.storage_key;
    expect(key).toMatch(/^private\/resale-certificates\//);
    for (const url of [`/media/${key}`, `/media/${key.replace('private/', 'private%2F')}`, `/media/./${key}`]) {
      const res = await h.app.inject({ url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body).not.toContain('%PDF');
    }
  });
});

describe('the seller’s requirement at checkout', () => {
  it('refuses a new customer’s first order without a valid certificate (card and terms), then lets it through', async () => {
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const productId = await liveProduct(h, seller, { unit_price_in_cents: 2_500 });
    expect(await ok(h.call('GET', requirementUrl(seller), { token: seller.token }))).toEqual({ required: false });
    expect(await ok(h.call('PUT', requirementUrl(seller), { token: seller.token, body: { required: true } }))).toEqual({
      required: true,
    });
    await ok(
      h.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`, {
        token: seller.token,
        body: { net_days: 30 },
      }),
    );
    const { cart } = await atPayment(h, seller, buyer, { [productId]: 4 });
    // What the storefront asks before the payment step: the store requires one, none is on file.
    const check = () => h.call('GET', `${certificateUrl(buyer)}/sellers/${seller.orgId}`, { token: buyer.token });
    expect((await check()).body).toEqual({ required: true, on_file: false });
    const card = await createSession(h, seller, buyer, { id: cart.id });
    expect(card.status).toBe(409);
    expect(card.body).toEqual({
      error: 'resale_certificate_required',
      message: RESALE_CERTIFICATE_REQUIRED_MESSAGE,
      issues: [{ path: 'resale_certificate', message: RESALE_CERTIFICATE_REQUIRED_MESSAGE }],
    });
    const terms = await h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: buyer.token });
    expect(terms.status).toBe(409);
    expect(terms.body.error).toBe('resale_certificate_required');

    // An expired certificate does not count: made to have expired yesterday.
    const certificate = await putOnFile(buyer);
    await h.testDb.database.db.execute(
      sql`update resale_certificates set expires_on = current_date - 1 where id = ${certificate.id}`,
    );
    expect((await createSession(h, seller, buyer, { id: cart.id })).status).toBe(409);

    await putOnFile(buyer);
    expect((await check()).body).toEqual({ required: true, on_file: true });
    const session = await ok<CheckoutSession>(createSession(h, seller, buyer, { id: cart.id }));
    await ok(payWith(h, buyer, session, '4242424242424242'));
    expect(await ok(h.call('GET', customerUrl(seller, buyer), { token: seller.token }))).toMatchObject({ has_ordered: true });

    // Only the first order: with an order placed, an expired certificate no longer stops it.
    await h.testDb.database.db.execute(
      sql`update resale_certificates set expires_on = current_date - 1 where organization_id = ${buyer.orgId} and replaced_at is null`,
    );
    expect((await check()).body).toEqual({ required: false, on_file: false });
    const { cart: next } = await atPayment(h, seller, buyer, { [productId]: 4 });
    expect((await createSession(h, seller, buyer, { id: next.id })).status).toBe(200);
  });

  it('is changed by owners and admins only (staff read it)', async () => {
    const seller = await h.newOrgUser('Merchant');
    const staff = await h.newUser();
    const invite = await ok(
      h.call('POST', `/api/organization/${seller.orgId}/members/invites`, {
        token: seller.token,
        body: { email: staff.email, role: 'staff' },
      }),
    );
    await ok(h.call('POST', `/api/team/invite/${invite.id}/accept`, { token: staff.token, body: {} }));
    expect(await ok(h.call('GET', requirementUrl(seller), { token: staff.token }))).toEqual({ required: false });
    const refused = await h.call('PUT', requirementUrl(seller), { token: staff.token, body: { required: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an owner or admin can change the resale certificate requirement.');
  });
});

describe('expiry reminders', () => {
  it('e-mail the retailer’s members and each seller’s members once, 30 days before', async () => {
    const seller = await readySeller(h, { payments: false });
    const secondSeller = await readySeller(h, { payments: false });
    const buyer = await customerOf(h, seller, 'Expiring Goods');
    const invite = await ok(
      h.call('POST', '/api/invite/purchaser', {
        token: secondSeller.token,
        body: { to_organization_id: secondSeller.orgId, to_emails: [buyer.email] },
      }),
    );
    await ok(h.call('POST', `/api/invite/purchaser/accept/${invite[0].id}`, { token: buyer.token }));
    const expiresOn = dayFromNow(100);
    await putOnFile(buyer, { expires_on: expiresOn, number: 'EXP-100' });
    const mail = async () =>
      (
        await h.testDb.database.db.execute<{ to_email: string; subject: string; text: string }>(
          sql`select to_email, subject, text from mail_outbox where kind = 'resale_certificate_expiry'
                and to_email in (${buyer.email}, ${seller.email}, ${secondSeller.email}) order by to_email`,
        )
      ).rows;

    await h.app.resaleCertificateReminders.runOnce(new Date(Date.now() + 60 * DAY));
    expect(await mail()).toEqual([]);
    const at = new Date(Date.now() + 71 * DAY);
    await Promise.all([h.app.resaleCertificateReminders.runOnce(at), h.app.resaleCertificateReminders.runOnce(at)]);
    await h.app.resaleCertificateReminders.runOnce(new Date(Date.now() + 90 * DAY));
    const sent = await mail();
    expect(sent.map((m) => [m.to_email, m.subject]).sort()).toEqual(
      [
        [buyer.email, `Your resale certificate expires on ${expiresOn}`],
        [seller.email, `Expiring Goods's resale certificate expires on ${expiresOn}`],
        [secondSeller.email, `Expiring Goods's resale certificate expires on ${expiresOn}`],
      ].sort(),
    );
    const toBuyer = sent.find((m) => m.to_email === buyer.email)!;
    expect(toBuyer.text).toContain('Certificate number: EXP-100');
    expect(toBuyer.text).toContain(`http://localhost:3999/storefront/resale-certificate/${buyer.orgId}`);
    const toSeller = sent.find((m) => m.to_email === seller.email)!;
    expect(toSeller.text).toContain(`http://localhost:3999/app/${seller.orgId}/customers/${buyer.orgId}`);

    // A renewed certificate is a new one: reminded in its own time, not now.
    await putOnFile(buyer, { expires_on: dayFromNow(400) });
    await h.app.resaleCertificateReminders.runOnce(at);
    expect((await mail()).length).toBe(3);
  });
});

describe('invoices', () => {
  async function invoiceText(buyer: Org, orderId: string): Promise<string> {
    const [{ id }] = (
      await h.testDb.database.db.execute<{ id: string }>(sql`select id from invoices where order_id = ${orderId}`)
    ).rows as [{ id: string }];
    const { link } = await ok(h.call('GET', `/api/invoice/${id}`, { token: buyer.token }));
    const url = new URL(link);
    const pdf = await h.app.inject({ url: url.pathname + url.search });
    expect(pdf.statusCode).toBe(200);
    return (await pdfPages(pdf.rawPayload)).flat().join('\n');
  }

  it('say the order is exempt with a certificate on file, and that no sales tax is charged without one', async () => {
    const seller = await readySeller(h);
    const productId = await liveProduct(h, seller, { unit_price_in_cents: 2_500 });
    const place = async (buyer: Org) => {
      const { cart } = await atPayment(h, seller, buyer, { [productId]: 2 });
      const session = await ok<CheckoutSession>(createSession(h, seller, buyer, { id: cart.id }));
      await ok(payWith(h, buyer, session, '4242424242424242'));
      return cart.order.id;
    };
    const withCertificate = await customerOf(h, seller);
    await putOnFile(withCertificate);
    const exemptOrder = await place(withCertificate);
    const exempt = await invoiceText(withCertificate, exemptOrder);
    expect(exempt).toContain(TAX_EXEMPT_LINE);
    expect(exempt).not.toContain(TAX_NOT_CHARGED_LINE);
    // The order as both sides read it says so too (the web's order totals show the same line).
    const purchasing = await ok(
      h.call('GET', `/api/order/organization/${withCertificate.orgId}/purchasing`, { token: withCertificate.token }),
    );
    expect(purchasing.find((o: { id: string }) => o.id === exemptOrder)).toMatchObject({ tax_exempt: true });

    const without = await customerOf(h, seller);
    const plainOrder = await place(without);
    const plain = await invoiceText(without, plainOrder);
    expect(plain).toContain(TAX_NOT_CHARGED_LINE);
    const selling = await ok(h.call('GET', `/api/order/organization/${seller.orgId}/selling`, { token: seller.token }));
    expect(selling.find((o: { id: string }) => o.id === plainOrder)).toMatchObject({ tax_exempt: false });
    expect(selling.find((o: { id: string }) => o.id === exemptOrder)).toMatchObject({ tax_exempt: true });
    // A certificate uploaded after the order does not make that order's invoice exempt.
    await putOnFile(without);
    expect(await invoiceText(without, (await h.testDb.database.db.execute<{ id: string }>(
      sql`select id from orders where purchasing_organization_id = ${without.orgId} and completed_on is not null`,
    )).rows[0]!.id)).toContain(TAX_NOT_CHARGED_LINE);
  });
});
