import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { NEXT_CURSOR_HEADER } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { loadConfig } from '../../config.js';
import type { AppContext } from '../../lib/context.js';
import { mailboxRoutes } from './routes.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

async function sendInvites(emails: string[], sellerName = 'Mailbox Makers') {
  const seller = await h.newOrgUser('Merchant', sellerName);
  const res = await h.call('POST', '/api/invite/purchaser', {
    token: seller.token,
    body: { to_organization_id: seller.orgId, to_emails: emails },
  });
  expect(res.status).toBe(200);
  await h.app.mail.worker.drain();
  return res.body as { id: string; send_to_email: string }[];
}

describe('/dev/mailbox.json', () => {
  it('lists messages newest first with ids, recipients, subjects and links; filters by recipient; pages', async () => {
    const invites = await sendInvites(['json1@example.com', 'json2@example.com', 'json3@example.com']);
    const all = await h.call('GET', '/dev/mailbox.json');
    expect(all.status).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const one = (await h.call('GET', '/dev/mailbox.json?to=JSON2@example.com')).body;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({
      id: expect.any(String),
      kind: 'invite',
      to: 'json2@example.com',
      from: 'Cratebase <no-reply@cratebase.local>',
      subject: 'Mailbox Makers invited you to order wholesale on Cratebase',
      status: 'sent',
      attempts: 1,
      links: [`http://localhost:3999/invite/${invites[1]!.id}`],
    });
    const page = await h.call('GET', '/dev/mailbox.json?limit=2');
    expect(page.body).toHaveLength(2);
    const next = await h.call('GET', `/dev/mailbox.json?limit=2&cursor=${page.headers[NEXT_CURSOR_HEADER]}`);
    expect(next.body.length).toBeGreaterThanOrEqual(1);
    expect(next.body.map((m: any) => m.id)).not.toContain(page.body[0].id);
  });
});

describe('/dev/mailbox', () => {
  it('shows the list with the built-in outbox warning, escaped subjects and statuses', async () => {
    await sendInvites(['list@example.com'], '<b>Bold</b> Co');
    const res = await h.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('This is the built-in outbox: these e-mails were not sent to anyone.');
    expect(res.body).toContain('list@example.com');
    expect(res.body).toContain('&lt;b&gt;Bold&lt;/b&gt; Co invited you to order wholesale on Cratebase');
    expect(res.body).not.toContain('<b>Bold</b>');
    expect(res.body).toMatch(/status-sent">sent</);
    const paged = await h.app.inject({ method: 'GET', url: '/dev/mailbox?limit=1' });
    const older = /<a href="(\/dev\/mailbox\?cursor=[^"]+)">Older →<\/a>/.exec(paged.body);
    expect(older).not.toBeNull();
    const second = await h.app.inject({ method: 'GET', url: older![1]!.replace(/&amp;/g, '&') });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('← Newest');
    const filtered = await h.app.inject({ method: 'GET', url: '/dev/mailbox?to=nobody@example.com' });
    expect(filtered.body).toContain('No messages to nobody@example.com.');
  });

  it('shows one message: headers, links, the HTML part in a sandboxed frame, the text part', async () => {
    const [inv] = await sendInvites(['view@example.com']);
    const [mail] = (await h.call('GET', '/dev/mailbox.json?to=view@example.com')).body;
    const res = await h.app.inject({ method: 'GET', url: `/dev/mailbox/${mail.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('built-in outbox');
    expect(res.body).toContain(
      `<iframe class="message" title="HTML part of the message" src="/dev/mailbox/${mail.id}/html"`,
    );
    expect(res.body).toMatch(
      /sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"/,
    );
    expect(res.body).toContain(`<a href="http://localhost:3999/invite/${inv!.id}" target="_top">`);
    expect(res.body).toContain('<pre class="text">Mailbox Makers invited you to their wholesale store');
    // The page is covered by the app's CSP, which allows same-origin frames.
    expect(res.headers['content-security-policy']).toContain("frame-src 'self'");

    const part = await h.app.inject({ method: 'GET', url: `/dev/mailbox/${mail.id}/html` });
    expect(part.statusCode).toBe(200);
    expect(part.body).toContain('<base target="_top">');
    expect(part.body).toContain(`href="http://localhost:3999/invite/${inv!.id}"`);
    const csp = String(part.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('sandbox allow-popups');
    expect(csp).not.toContain('script-src');
  });

  it('refuses a recipient filter with a control character with 400 naming it', async () => {
    for (const url of ['/dev/mailbox.json?to=a%00b', '/dev/mailbox?to=a%0Ab']) {
      const res = await h.call('GET', url);
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(res.body), url).toContain('to');
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const url of [`/dev/mailbox/${randomUUID()}`, '/dev/mailbox/nope', `/dev/mailbox/${randomUUID()}/html`]) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('There is no message with that id.');
    }
  });
});

describe('who may read the outbox', () => {
  const pages = async (to: string) => {
    await sendInvites([to]);
    const [mail] = (await h.call('GET', `/dev/mailbox.json?to=${to}`)).body;
    return ['/dev/mailbox', '/dev/mailbox.json', `/dev/mailbox/${mail.id}`, `/dev/mailbox/${mail.id}/html`];
  };

  it('answers this machine only (loopback over IPv4, IPv6 and IPv4-in-IPv6), refusing others with 403', async () => {
    for (const url of await pages('local@example.com')) {
      for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const res = await h.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(200);
      }
      for (const remoteAddress of ['203.0.113.7', '10.0.0.2', '::ffff:192.168.1.5', '2001:db8::1', '128.0.0.1']) {
        const res = await h.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(403);
        expect(res.json()).toEqual({
          error: 'forbidden',
          message: expect.stringContaining('answers requests from this machine only'),
        });
        expect(res.body).not.toContain('local@example.com');
        expect(res.body).not.toContain('/invite/');
      }
    }
  });

  it('ignores X-Forwarded-For: a client elsewhere that claims to be this machine is refused', async () => {
    for (const url of await pages('spoof@example.com')) {
      const spoofed = await h.app.inject({
        method: 'GET',
        url,
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(spoofed.statusCode, url).toBe(403);
    }
  });

  it('is not there (404) behind a trusted proxy or on a PUBLIC_URL that is not this machine, even from loopback', async () => {
    // The nginx of docs/deploy.md on the same host: every visitor's request arrives from 127.0.0.1.
    const behindProxy = await createHarness({ TRUST_PROXY: 'true' }, { testDb: h.testDb });
    const publicSite = await createHarness({ PUBLIC_URL: 'https://shop.example.com' }, { testDb: h.testDb });
    try {
      for (const url of await pages('hidden@example.com')) {
        for (const app of [behindProxy.app, publicSite.app]) {
          for (const remoteAddress of ['127.0.0.1', '::1', '203.0.113.7']) {
            const res = await app.inject({
              method: 'GET',
              url,
              remoteAddress,
              headers: { 'x-forwarded-for': '203.0.113.9' },
            });
            expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
            expect(res.body).not.toContain('hidden@example.com');
            expect(res.body).not.toContain('/invite/');
          }
        }
      }
      // The mail is still written to the outbox (the database), only not readable here.
      expect((await h.call('GET', '/dev/mailbox.json?to=hidden@example.com')).body).toHaveLength(1);
    } finally {
      // The database belongs to the file's harness: close only these apps.
      await behindProxy.app.close();
      await publicSite.app.close();
    }
  });

  it('opens to every client with MAILBOX_ALLOW_REMOTE=true, on this machine or elsewhere', async () => {
    const openHere = await createHarness({ MAILBOX_ALLOW_REMOTE: 'true' }, { testDb: h.testDb });
    const openThere = await createHarness(
      { PUBLIC_URL: 'https://staging.example.com', TRUST_PROXY: 'true', MAILBOX_ALLOW_REMOTE: 'true' },
      { testDb: h.testDb },
    );
    try {
      for (const url of await pages('open@example.com')) {
        for (const app of [openHere.app, openThere.app]) {
          const remote = await app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
          expect(remote.statusCode, url).toBe(200);
        }
      }
    } finally {
      await openHere.app.close();
      await openThere.app.close();
    }
  });

  it('says once at start that the outbox is hidden, and why', async () => {
    const startWith = async (env: Record<string, string>) => {
      const lines: Array<{ level: number; msg: string }> = [];
      const app = Fastify({
        logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      });
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/cratebase-test-unused', ...env });
      await mailboxRoutes(app, { config, db: h.testDb.database.db } as unknown as AppContext);
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
      await app.close();
      // Fastify's own request lines are info; what the outbox says is a warning.
      return { lines: lines.filter((l) => l.level >= 40), status: res.statusCode };
    };
    const hidden = await startWith({ PUBLIC_URL: 'https://shop.example.com' });
    expect(hidden.status).toBe(404);
    expect(hidden.lines).toHaveLength(1);
    expect(hidden.lines[0]!.level).toBe(40);
    expect(hidden.lines[0]!.msg).toContain(
      '/dev/mailbox is hidden (404) because PUBLIC_URL https://shop.example.com is not this machine',
    );
    expect(hidden.lines[0]!.msg).toContain('Set SMTP_URL to send e-mail, or MAILBOX_ALLOW_REMOTE=true');
    const proxied = await startWith({ TRUST_PROXY: 'true' });
    expect(proxied.lines.map((l) => l.msg)).toEqual([expect.stringContaining('because TRUST_PROXY is on')]);
    // The newcomer's server on localhost: the outbox is there, and nothing is said about it.
    const local = await startWith({});
    expect(local.status).toBe(200);
    expect(local.lines).toEqual([]);
  });
});
