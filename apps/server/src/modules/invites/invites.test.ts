import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { NEXT_CURSOR_HEADER } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Org = TestUser & { orgId: string };

const db = () => h.testDb.database.db;

async function invite(seller: Org, emails: string[]) {
  return h.call('POST', '/api/invite/purchaser', {
    token: seller.token,
    body: { to_organization_id: seller.orgId, to_emails: emails },
  });
}

/** Creates one invite and returns its id. */
async function inviteOne(seller: Org, email = `buyer-${randomUUID().slice(0, 8)}@example.com`): Promise<string> {
  const res = await invite(seller, [email]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[0].id;
}

/** A user with the given e-mail and a Buyer organization (an outside provider may give two accounts one e-mail). */
async function buyerWithEmail(email: string, name = `Shop ${randomUUID().slice(0, 6)}`): Promise<Org> {
  const user = await h.newUser(email);
  const res = await h.call('POST', '/api/organization', { token: user.token, body: { selected_type: 'Buyer', name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...user, orgId: res.body.id };
}

async function accept(user: TestUser, inviteId: string, body?: unknown) {
  return h.call('POST', `/api/invite/purchaser/accept/${inviteId}`, {
    token: user.token,
    ...(body === undefined ? {} : { body }),
  });
}

async function listInvites(seller: Org, query = '') {
  return h.call('GET', `/api/invite/organization/${seller.orgId}${query}`, { token: seller.token });
}

/** The mail the worker delivered to the built-in outbox for one address. */
async function mailbox(to: string) {
  await h.app.mail.worker.drain();
  const res = await h.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body as { id: string; to: string; subject: string; status: string; links: string[]; text: string }[];
}

async function outboxCount(): Promise<number> {
  const r = await db().execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox`);
  return r.rows[0]!.n;
}

async function inviteCount(orgId: string): Promise<number> {
  const r = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from invites where organization_id = ${orgId}`,
  );
  return r.rows[0]!.n;
}

/** Pretends the invite's last e-mail went out long enough ago to resend it. */
async function backdateLastSent(inviteId: string) {
  await db().execute(sql`update invites set last_sent_at = now() - interval '2 minutes' where id = ${inviteId}`);
}

describe('POST /api/invite/purchaser', () => {
  it('creates one invite per address (trimmed, lower-cased, de-duplicated) and e-mails each a link', async () => {
    const seller = await h.newOrgUser('Merchant', 'Maple Goods');
    const res = await invite(seller, ['  Ann@Example.COM ', 'bob@example.com', 'ann@example.com']);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body.map((i: any) => i.send_to_email)).toEqual(['ann@example.com', 'bob@example.com']);
    for (const i of res.body) {
      expect(i).toEqual({
        id: expect.any(String),
        send_to_email: i.send_to_email,
        created_on: expect.any(String),
        accepted_on: null,
        last_sent_at: expect.any(String),
      });
      expect(i.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    const [mail] = await mailbox('ann@example.com');
    expect(mail).toMatchObject({
      to: 'ann@example.com',
      subject: 'Maple Goods invited you to order wholesale on Cratebase',
      status: 'sent',
    });
    expect(mail!.links).toContain(`http://localhost:3999/invite/${res.body[0].id}`);
    expect(mail!.text).toContain(`http://localhost:3999/invite/${res.body[0].id}`);
    expect(await mailbox('bob@example.com')).toHaveLength(1);
  });

  it('re-sends a pending invite instead of creating a second one (not within a minute)', async () => {
    const seller = await h.newOrgUser('Merchant');
    const first = await invite(seller, ['repeat@example.com']);
    const again = await invite(seller, ['REPEAT@example.com', 'new@example.com']);
    expect(again.status).toBe(200);
    expect(again.body[0].id).toBe(first.body[0].id);
    expect(await inviteCount(seller.orgId)).toBe(2);
    expect(await mailbox('repeat@example.com')).toHaveLength(1); // sent seconds ago: not again

    await backdateLastSent(first.body[0].id);
    const third = await invite(seller, ['repeat@example.com']);
    expect(third.body[0].id).toBe(first.body[0].id);
    expect(await mailbox('repeat@example.com')).toHaveLength(2);
    const r = await db().execute<{ send_count: number }>(
      sql`select send_count from invites where id = ${first.body[0].id}`,
    );
    expect(r.rows[0]!.send_count).toBe(2);
  });

  it('creates a new invite for an address whose earlier invite was accepted', async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const id = await inviteOne(seller, buyer.email);
    expect((await accept(buyer, id)).status).toBe(200);
    const again = await invite(seller, [buyer.email]);
    expect(again.status).toBe(200);
    expect(again.body[0].id).not.toBe(id);
    expect(again.body[0].accepted_on).toBeNull();
  });

  it('makes one invite when the same request arrives twice at once', async () => {
    const seller = await h.newOrgUser('Merchant');
    const [a, b] = await Promise.all([invite(seller, ['race@example.com']), invite(seller, ['race@example.com'])]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body[0].id).toBe(b.body[0].id);
    expect(await inviteCount(seller.orgId)).toBe(1);
  });

  it('accepts 50 addresses and refuses 51 with a 400 naming to_emails, creating nothing', async () => {
    const seller = await h.newOrgUser('Merchant');
    const emails = (k: number) => Array.from({ length: k }, (_, i) => `bulk${i}@example.com`);
    const tooMany = await invite(seller, emails(51));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.issues[0].path).toBe('to_emails');
    expect(tooMany.body.message).toMatch(/to_emails.*50/);
    expect(await inviteCount(seller.orgId)).toBe(0);
    const fifty = await invite(seller, emails(50));
    expect(fifty.status).toBe(200);
    expect(fifty.body).toHaveLength(50);
  });

  it.each([
    [['good@example.com', 'not-an-email'], 'to_emails.1', /valid e-mail/],
    [['good@example.com', 'victim@example.com\r\nBcc: everyone@example.com'], 'to_emails.1', /line breaks/],
    [['victim@example.com\nBcc: everyone@example.com'], 'to_emails.0', /line breaks/],
    [['trailing@example.com\r\n'], 'to_emails.0', /line breaks/],
    [['a@b'], 'to_emails.0', /valid e-mail/],
    [['two@example.com, three@example.com'], 'to_emails.0', /valid e-mail/],
    [['Name <name@example.com>'], 'to_emails.0', /valid e-mail/],
    [[`${'x'.repeat(250)}@example.com`], 'to_emails.0', /254/],
    [['   '], 'to_emails.0', /empty|valid/],
    [[], 'to_emails', /at least one/],
  ])('refuses %j with a 400 naming %s and sends nothing', async (emails, field, message) => {
    const seller = await h.newOrgUser('Merchant');
    const before = await outboxCount();
    const res = await invite(seller, emails as string[]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
    expect(res.body.issues.map((i: any) => i.path)).toContain(field);
    expect(res.body.message).toMatch(message);
    expect(await inviteCount(seller.orgId)).toBe(0);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses a body without a valid organization id or with unknown fields', async () => {
    const seller = await h.newOrgUser('Merchant');
    for (const [body, field] of [
      [{ to_emails: ['a@example.com'] }, 'to_organization_id'],
      [{ to_organization_id: 'abc', to_emails: ['a@example.com'] }, 'to_organization_id'],
      [{ to_organization_id: seller.orgId, to_emails: 'a@example.com' }, 'to_emails'],
      [{ to_organization_id: seller.orgId, to_emails: ['a@example.com'], cc: ['b@example.com'] }, 'cc'],
    ] as const) {
      const res = await h.call('POST', '/api/invite/purchaser', { token: seller.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });

  it('refuses a seller name with line breaks, so it can never reach a subject header', async () => {
    const seller = await h.newOrgUser('Merchant');
    const put = await h.call('PUT', `/api/organization/${seller.orgId}`, {
      token: seller.token,
      body: { name: 'Evil\r\nBcc: all@example.com' },
    });
    expect(put.status).toBe(400);
    expect(put.body.message).toContain('name');
    const res = await invite(seller, ['header-target@example.com']);
    expect(res.status).toBe(200);
    const [mail] = await mailbox('header-target@example.com');
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.subject).not.toContain('Bcc');
  });

  it('escapes the seller name in the HTML part', async () => {
    const seller = await h.newOrgUser('Merchant', '<script>alert(1)</script> & Sons');
    await invite(seller, ['escape@example.com']);
    const [mail] = await mailbox('escape@example.com');
    const html = await h.app.inject({ method: 'GET', url: `/dev/mailbox/${mail!.id}/html` });
    expect(html.body).not.toContain('<script>');
    expect(html.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons');
  });

  it('is only for members of a seller organization', async () => {
    const seller = await h.newOrgUser('Merchant');
    const stranger = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const body = { to_organization_id: seller.orgId, to_emails: ['x@example.com'] };
    expect((await h.call('POST', '/api/invite/purchaser', { token: stranger.token, body })).status).toBe(403);
    expect((await h.call('POST', '/api/invite/purchaser', { body })).status).toBe(401);
    expect(
      (
        await h.call('POST', '/api/invite/purchaser', {
          token: seller.token,
          body: { ...body, to_organization_id: randomUUID() },
        })
      ).status,
    ).toBe(403);
    const asBuyer = await h.call('POST', '/api/invite/purchaser', {
      token: buyer.token,
      body: { ...body, to_organization_id: buyer.orgId },
    });
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.message).toMatch(/seller/);
    expect(await inviteCount(seller.orgId)).toBe(0);
  });
});

describe('GET /api/invite/organization/{org_id}', () => {
  it('lists invites newest first with keyset pages and a search', async () => {
    const seller = await h.newOrgUser('Merchant');
    const empty = await listInvites(seller);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    const ids: string[] = [];
    for (const e of ['p1@example.com', 'p2@example.com', 'p3@example.com', 'other@shop.com', 'p5@example.com'])
      ids.push(await inviteOne(seller, e));

    const all = await listInvites(seller);
    expect(all.body.map((i: any) => i.id)).toEqual([...ids].reverse());
    expect(all.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect(Object.keys(all.body[0]).sort()).toEqual([
      'accepted_on',
      'created_on',
      'id',
      'last_sent_at',
      'send_to_email',
    ]);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await listInvites(seller, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.map((i: any) => i.id));
      cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());

    const search = await listInvites(seller, '?q=SHOP.com');
    expect(search.body.map((i: any) => i.send_to_email)).toEqual(['other@shop.com']);
    expect((await listInvites(seller, '?q=%25')).body).toEqual([]); // a literal %, not a wildcard
  });

  it('shows the accepted date once accepted', async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const id = await inviteOne(seller, buyer.email);
    expect((await accept(buyer, id)).status).toBe(200);
    const [row] = (await listInvites(seller)).body;
    expect(row.id).toBe(id);
    expect(Date.parse(row.accepted_on)).not.toBeNaN();
  });

  it('refuses bad paging input with a 400 naming the parameter', async () => {
    const seller = await h.newOrgUser('Merchant');
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=abc', 'limit'],
      ['?cursor=garbage', 'cursor'],
      [`?cursor=${Buffer.from('2026-01-01T00:00:00.000000Z|not-a-uuid').toString('base64url')}`, 'cursor'],
      ['?sort=email', 'sort'],
    ]) {
      const res = await listInvites(seller, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(field);
    }
    expect((await h.call('GET', '/api/invite/organization/not-a-uuid', { token: seller.token })).status).toBe(400);
  });

});

describe('POST /api/invite/resend/{invite_id}', () => {
  it('re-sends the e-mail at most once a minute per invite', async () => {
    const seller = await h.newOrgUser('Merchant', 'Resend Co');
    const id = await inviteOne(seller, 'resend@example.com');
    const tooSoon = await h.call('POST', `/api/invite/resend/${id}`, { token: seller.token });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toBe('rate_limited');
    expect(tooSoon.body.message).toMatch(/resend it in \d+ seconds?/);
    const retryAfter = Number(tooSoon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await mailbox('resend@example.com')).toHaveLength(1);

    await backdateLastSent(id);
    const ok = await h.call('POST', `/api/invite/resend/${id}`, {
      token: seller.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id, send_to_email: 'resend@example.com', accepted_on: null });
    expect(Date.now() - Date.parse(ok.body.last_sent_at)).toBeLessThan(60_000);
    const mails = await mailbox('resend@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.links).toContain(`http://localhost:3999/invite/${id}`);
    expect((await h.call('POST', `/api/invite/resend/${id}`, { token: seller.token })).status).toBe(429);
  });

  it('refuses an accepted invite with 409 and sends nothing', async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const id = await inviteOne(seller, buyer.email);
    expect((await accept(buyer, id)).status).toBe(200);
    await backdateLastSent(id);
    const before = await outboxCount();
    const res = await h.call('POST', `/api/invite/resend/${id}`, { token: seller.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This invite was already accepted.');
    expect(await outboxCount()).toBe(before);
  });

  it('answers 400 for a non-UUID, 404 for an unknown invite, 404 to a stranger (an invite id cannot be probed), 401 without a token', async () => {
    const seller = await h.newOrgUser('Merchant');
    const stranger = await h.newOrgUser('Merchant');
    const id = await inviteOne(seller);
    await backdateLastSent(id);
    const bad = await h.call('POST', '/api/invite/resend/12345', { token: seller.token });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('invite_id');
    expect((await h.call('POST', `/api/invite/resend/${randomUUID()}`, { token: seller.token })).status).toBe(404);
    expect((await h.call('POST', `/api/invite/resend/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await h.call('POST', `/api/invite/resend/${id}`)).status).toBe(401);
    expect(
      (await h.call('POST', `/api/invite/resend/${id}`, { token: seller.token, body: { force: true } })).status,
    ).toBe(400);
  });
});

describe('GET /api/invite/metadata/invite/{invite_id}', () => {
  it('answers without a token with only the inviting organization id, name and image set', async () => {
    const seller = await h.newOrgUser('Merchant', 'Harbor Tea');
    const id = await inviteOne(seller, 'secret-recipient@example.com');
    const res = await h.call('GET', `/api/invite/metadata/invite/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'image_set', 'name']);
    expect(res.body).toMatchObject({
      id: seller.orgId,
      name: 'Harbor Tea',
      image_set: { logo: null, splash_image: null },
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('secret-recipient');
    expect(text).not.toContain(seller.email);
    expect(text).not.toContain(id);
  });

  it("includes the seller's logo, which the e-mail shows too", async () => {
    const seller = await h.newOrgUser('Merchant', 'Logo Works');
    const media = await db().execute<{ id: string }>(sql`
      insert into media (organization_id, storage_key, content_type, byte_size, width, height)
      values (${seller.orgId}, ${`${seller.orgId}/logo.png`}, 'image/png', 1234, 400, 400) returning id`);
    await db().execute(
      sql`insert into image_sets (organization_id, logo_media_id) values (${seller.orgId}, ${media.rows[0]!.id})`,
    );
    const id = await inviteOne(seller, 'logo@example.com');
    const res = await h.call('GET', `/api/invite/metadata/invite/${id}`);
    expect(res.body.image_set.logo).toMatchObject({
      id: media.rows[0]!.id,
      cloudinary_url: `http://localhost:3999/media/${seller.orgId}/logo.png`,
    });
    const [mail] = await mailbox('logo@example.com');
    const html = await h.app.inject({ method: 'GET', url: `/dev/mailbox/${mail!.id}/html` });
    expect(html.body).toContain(`<img src="http://localhost:3999/media/${seller.orgId}/logo.png"`);
  });

  it('answers 400 for a non-UUID and 404 for an unknown invite', async () => {
    const bad = await h.call('GET', '/api/invite/metadata/invite/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('invite_id');
    const unknown = await h.call('GET', `/api/invite/metadata/invite/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
  });
});

describe('POST /api/invite/purchaser/accept/{invite_id}', () => {
  it("makes the caller's Buyer organization a purchaser, once; repeating is idempotent", async () => {
    const seller = await h.newOrgUser('Merchant', 'Orchard Supply');
    const buyer = await h.newOrgUser('Buyer', 'Corner Shop');
    const id = await inviteOne(seller, buyer.email);
    const first = await accept(buyer, id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      invite_id: id,
      status: 'accepted',
      seller_organization: { id: seller.orgId, name: 'Orchard Supply' },
      purchasing_organization: { id: buyer.orgId, name: 'Corner Shop' },
    });
    const again = await accept(buyer, id, {});
    expect(again.status).toBe(200);
    expect(again.body.accepted_on).toBe(first.body.accepted_on);
    const named = await accept(buyer, id, { organization_id: buyer.orgId });
    expect(named.status).toBe(200);
    expect(named.body.purchasing_organization.id).toBe(buyer.orgId);

    // The seller has a customer; the buyer may buy from the seller and sees it among its stores.
    const org = await h.call('GET', `/api/organization/${seller.orgId}`, { token: seller.token });
    expect(org.body.has_customers).toBe(true);
    const me = await h.call('GET', '/api/user/me', { token: buyer.token });
    expect(me.body.purchasing_organizations.map((p: any) => p.organization.id)).toEqual([seller.orgId]);
    expect((await h.call('GET', `/api/organization/${seller.orgId}`, { token: buyer.token })).status).toBe(200);
  });

  it('lets a buyer see only the sellers it buys from', async () => {
    const sellerA = await h.newOrgUser('Merchant');
    const sellerB = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    await inviteOne(sellerB);
    expect((await accept(buyer, await inviteOne(sellerA, buyer.email))).status).toBe(200);
    const me = await h.call('GET', '/api/user/me', { token: buyer.token });
    expect(me.body.purchasing_organizations.map((p: any) => p.organization.id)).toEqual([sellerA.orgId]);
    expect((await h.call('GET', `/api/organization/${sellerA.orgId}/order_terms`, { token: buyer.token })).status).toBe(
      200,
    );
    expect((await h.call('GET', `/api/organization/${sellerB.orgId}`, { token: buyer.token })).status).toBe(403);
    expect((await h.call('GET', `/api/organization/${sellerB.orgId}/order_terms`, { token: buyer.token })).status).toBe(
      403,
    );
  });

  it('refuses a second organization with 409, leaving the first in place', async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const secondShop = await h.call('POST', '/api/organization', {
      token: buyer.token,
      body: { selected_type: 'Buyer', name: 'Second Shop' },
    });
    expect(secondShop.status).toBe(200);
    const id = await inviteOne(seller, buyer.email);
    expect((await accept(buyer, id, { organization_id: buyer.orgId })).status).toBe(200);
    const res = await accept(buyer, id, { organization_id: secondShop.body.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This invite was already accepted.');
    const rel = await db().execute<{ purchaser_organization_id: string }>(
      sql`select purchaser_organization_id from purchasing_relationships where seller_organization_id = ${seller.orgId}`,
    );
    expect(rel.rows.map((r) => r.purchaser_organization_id)).toEqual([buyer.orgId]);
  });

  it('lets exactly one of two simultaneous accepts win', async () => {
    const seller = await h.newOrgUser('Merchant');
    // Three accounts with the invited e-mail (an outside identity provider can have that), three shops.
    const email = `shared-${randomUUID().slice(0, 8)}@example.com`;
    const buyers = await Promise.all([buyerWithEmail(email), buyerWithEmail(email), buyerWithEmail(email)]);
    const id = await inviteOne(seller, email);
    const results = await Promise.all(buyers.map((b) => accept(b, id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rel = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from purchasing_relationships where seller_organization_id = ${seller.orgId}`,
    );
    expect(rel.rows[0]!.n).toBe(1);
    const winner = results.find((r) => r.status === 200)!.body.purchasing_organization.id;
    const inv = await db().execute<{ accepted_by_organization_id: string }>(
      sql`select accepted_by_organization_id from invites where id = ${id}`,
    );
    expect(inv.rows[0]!.accepted_by_organization_id).toBe(winner);
  });

  it("refuses a seller's second invite to an organization that already buys from it", async () => {
    const seller = await h.newOrgUser('Merchant', 'Twice Bakery');
    const buyer = await h.newOrgUser('Buyer');
    const first = await inviteOne(seller, buyer.email);
    expect((await accept(buyer, first)).status).toBe(200);
    const second = await inviteOne(seller, buyer.email);
    expect(second).not.toBe(first);
    const res = await accept(buyer, second);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You already buy from Twice Bakery.');
    const list = (await listInvites(seller)).body;
    expect(list.find((i: any) => i.id === second).accepted_on).toBeNull();
    // Two members of one organization accept their own invites at once: still one relationship.
    const other = await h.newOrgUser('Buyer');
    const colleague = await h.newUser();
    await db().execute(sql`insert into memberships (user_id, organization_id)
      select id, ${other.orgId} from users where auth_subject = ${colleague.sub}`);
    const third = await inviteOne(seller, other.email);
    const fourth = await inviteOne(seller, colleague.email);
    const both = await Promise.all([
      accept(other, third, { organization_id: other.orgId }),
      accept(colleague, fourth, { organization_id: other.orgId }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("refuses a seller's own invite", async () => {
    const seller = await h.newOrgUser('Merchant');
    const id = await inviteOne(seller, seller.email);
    const res = await accept(seller, id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/your own organization/);
    expect((await accept(seller, id, { organization_id: seller.orgId })).status).toBe(409);
    expect((await listInvites(seller)).body[0].accepted_on).toBeNull();
  });

  it('accepts for a named organization of the caller only', async () => {
    const seller = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const other = await h.newOrgUser('Buyer');
    const id = await inviteOne(seller, buyer.email);
    const res = await accept(buyer, id, { organization_id: other.orgId });
    expect(res.status).toBe(403);
    const bad = await accept(buyer, id, { organization_id: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('organization_id');
    expect((await accept(buyer, id, { organization_id: buyer.orgId, extra: 1 })).status).toBe(400);
    expect((await listInvites(seller)).body[0].accepted_on).toBeNull();
  });

  it('answers 400 for a non-UUID, 404 for an unknown invite, 401 without a token, 403 without an account', async () => {
    const buyer = await h.newOrgUser('Buyer');
    const bad = await h.call('POST', '/api/invite/purchaser/accept/1234', { token: buyer.token });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('invite_id');
    expect((await accept(buyer, randomUUID())).status).toBe(404);
    const seller = await h.newOrgUser('Merchant');
    const id = await inviteOne(seller);
    expect((await h.call('POST', `/api/invite/purchaser/accept/${id}`)).status).toBe(401);
    const noAccount = await h.token({ sub: randomUUID(), email: 'new@example.com' });
    const res = await h.call('POST', `/api/invite/purchaser/accept/${id}`, { token: noAccount });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('account_not_created');
  });
});

describe('an invite belongs to the e-mail it was sent to', () => {
  it('refuses anyone else holding the link, saying in part where it went, and changes nothing', async () => {
    const seller = await h.newOrgUser('Merchant', 'Bound Goods');
    const id = await inviteOne(seller, 'juniper.buyer@example.com');
    const message = 'This invitation was sent to j***@example.com. Sign in with that e-mail to accept it.';

    // A stranger with a shop, and a stranger still signing up (no organization yet).
    const stranger = await h.newOrgUser('Buyer');
    const newcomer = await h.newUser('someone.else@example.com');
    for (const user of [stranger, newcomer]) {
      const res = await accept(user, id);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'invite_email_mismatch', message });
    }
    const named = await accept(stranger, id, { organization_id: stranger.orgId });
    expect(named.status).toBe(403);
    expect(named.body.message).toBe(message);

    // The newcomer's next organization does not become a customer either.
    const shop = await h.call('POST', '/api/organization', {
      token: newcomer.token,
      body: { selected_type: 'Buyer', name: 'Not Invited' },
    });
    expect(shop.status).toBe(200);
    expect((await listInvites(seller)).body[0].accepted_on).toBeNull();
    const customers = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers`, {
      token: seller.token,
    });
    expect(customers.body).toEqual([]);
    for (const user of [stranger, newcomer]) {
      const me = await h.call('GET', '/api/user/me', { token: user.token });
      expect(me.body.purchasing_organizations).toEqual([]);
    }

    // The invitee, signed in with the address in another letter case, accepts.
    const invitee = await buyerWithEmail('  Juniper.Buyer@EXAMPLE.com ', 'Juniper Pantry');
    const res = await accept(invitee, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', purchasing_organization: { id: invitee.orgId } });
  });

  it('ignores a claim made by someone else before invites were bound to their e-mail', async () => {
    const seller = await h.newOrgUser('Merchant');
    const id = await inviteOne(seller, 'late.invitee@example.com');
    const stranger = await h.newUser('early.stranger@example.com');
    // What an accept without the e-mail check left behind.
    await db()
      .execute(sql`update invites set claimed_by_user_id = (select id from users where auth_subject = ${stranger.sub}),
      claimed_on = now() where id = ${id}`);

    const strangerShop = await h.call('POST', '/api/organization', {
      token: stranger.token,
      body: { selected_type: 'Buyer', name: 'Early Stranger' },
    });
    expect(strangerShop.status).toBe(200);
    expect((await listInvites(seller)).body[0].accepted_on).toBeNull();

    const invitee = await h.newUser('late.invitee@example.com');
    expect((await accept(invitee, id)).body.status).toBe('pending_organization');
    const shop = await h.call('POST', '/api/organization', {
      token: invitee.token,
      body: { selected_type: 'Buyer', name: 'Late Invitee' },
    });
    const customers = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers`, {
      token: seller.token,
    });
    expect(customers.body.map((c: any) => c.organization)).toEqual([{ id: shop.body.id, name: 'Late Invitee' }]);
  });
});

describe('buyer sign-up: accept before the organization exists', () => {
  it('claims the invite, then the new organization becomes the purchaser', async () => {
    const seller = await h.newOrgUser('Merchant', 'Prairie Mills');
    const id = await inviteOne(seller, 'newbuyer@example.com');
    const user = await h.newUser('newbuyer@example.com');

    const claimed = await accept(user, id);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({
      invite_id: id,
      status: 'pending_organization',
      seller_organization: { id: seller.orgId, name: 'Prairie Mills' },
      purchasing_organization: null,
      accepted_on: null,
    });
    expect((await accept(user, id)).body.status).toBe('pending_organization'); // idempotent
    expect((await listInvites(seller)).body[0].accepted_on).toBeNull();
    expect(
      (await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers`, { token: seller.token })).body,
    ).toEqual([]);

    // Someone else holding the link cannot take the claimed invite.
    const other = await h.newOrgUser('Buyer');
    expect((await accept(other, id)).status).toBe(403);

    const org = await h.call('POST', '/api/organization', {
      token: user.token,
      body: { selected_type: 'Buyer', name: 'Prairie Corner Store' },
    });
    expect(org.status).toBe(200);
    const [inv] = (await listInvites(seller)).body;
    expect(inv.accepted_on).not.toBeNull();
    const customers = await h.call('GET', `/api/order/organization/${seller.orgId}/purchasers`, {
      token: seller.token,
    });
    expect(customers.body.map((c: any) => c.organization)).toEqual([{ id: org.body.id, name: 'Prairie Corner Store' }]);
    const me = await h.call('GET', '/api/user/me', { token: user.token });
    expect(me.body.purchasing_organizations.map((p: any) => p.organization.id)).toEqual([seller.orgId]);

    const again = await accept(user, id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'accepted', purchasing_organization: { id: org.body.id } });
    expect((await accept(other, id)).status).toBe(403);
  });

  it('links every seller whose invite was claimed, and a second organization links nothing more', async () => {
    const sellerA = await h.newOrgUser('Merchant');
    const sellerB = await h.newOrgUser('Merchant');
    const user = await h.newUser();
    const a = await inviteOne(sellerA, user.email);
    const b = await inviteOne(sellerB, user.email);
    expect((await accept(user, a)).body.status).toBe('pending_organization');
    expect((await accept(user, b)).body.status).toBe('pending_organization');
    const org = await h.call('POST', '/api/organization', {
      token: user.token,
      body: { selected_type: 'Buyer', name: 'Two Sellers Shop' },
    });
    const me = await h.call('GET', '/api/user/me', { token: user.token });
    expect(me.body.purchasing_organizations.map((p: any) => p.organization.id).sort()).toEqual(
      [sellerA.orgId, sellerB.orgId].sort(),
    );
    const second = await h.call('POST', '/api/organization', {
      token: user.token,
      body: { selected_type: 'Buyer', name: 'Second Shop' },
    });
    const rel = await db().execute<{ purchaser_organization_id: string }>(sql`
      select purchaser_organization_id from purchasing_relationships where purchaser_organization_id in (${org.body.id}, ${second.body.id})`);
    expect(rel.rows.map((r) => r.purchaser_organization_id)).toEqual([org.body.id, org.body.id]);
  });

  it('never loses a claim when the accept and the organization creation race', async () => {
    for (let i = 0; i < 5; i++) {
      const seller = await h.newOrgUser('Merchant');
      const user = await h.newUser();
      const id = await inviteOne(seller, user.email);
      const [acc, org] = await Promise.all([
        accept(user, id),
        h.call('POST', '/api/organization', { token: user.token, body: { selected_type: 'Buyer', name: `Race ${i}` } }),
      ]);
      expect(acc.status).toBe(200);
      expect(org.status).toBe(200);
      const inv = await db().execute<{ accepted_by_organization_id: string | null }>(
        sql`select accepted_by_organization_id from invites where id = ${id}`,
      );
      expect(inv.rows[0]!.accepted_by_organization_id).toBe(org.body.id);
    }
  });
});
