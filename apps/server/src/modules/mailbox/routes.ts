/**
 * /dev/mailbox: the built-in outbox, readable while MAIL_TRANSPORT is builtin (app.ts
 * registers these routes only then; otherwise the paths are 404). Developer tools outside
 * /api with no sign-in, and the messages hold names, addresses, orders and invite links, so
 * (config.mailboxAccess):
 *  - on a server whose PUBLIC_URL is this machine (and no proxy is trusted), they answer only
 *    requests from this machine (loopback);
 *  - on any other server they are not there at all (404), because behind a reverse proxy on the
 *    same host every visitor's request arrives from loopback; one line at start says so;
 *  - MAILBOX_ALLOW_REMOTE=true opens them to every client, wherever the server runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEXT_CURSOR_HEADER, singleLineText } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { forbidden } from '../../lib/errors.js';
import { getMailboxMessage, listMailbox } from './service.js';
import {
  MESSAGE_HTML_CSP,
  prepareMessageHtml,
  renderMailboxList,
  renderMailboxMessage,
  renderMailboxNotFound,
} from './pages.js';

const PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const MailboxQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  to: singleLineText().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.toLowerCase().replace(/^::ffff:/, '');
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

export const MAILBOX_LOCAL_ONLY =
  'The built-in outbox answers requests from this machine only. Open it on this machine, or set MAILBOX_ALLOW_REMOTE=true on a trusted development network.';

/** The line logged at start when mail stays in the outbox and the outbox is hidden. */
export function mailboxHiddenMessage(publicUrl: string, trustProxy: boolean): string {
  const why = trustProxy ? 'TRUST_PROXY is on' : `PUBLIC_URL ${publicUrl} is not this machine`;
  return (
    `E-mail stays in the built-in outbox and is sent to no one; /dev/mailbox is hidden (404) because ${why}. ` +
    'Set SMTP_URL to send e-mail, or MAILBOX_ALLOW_REMOTE=true to read the outbox here (anyone who reaches this server can then read it).'
  );
}

export async function mailboxRoutes(app: FastifyInstance, ctx: AppContext) {
  if (ctx.config.mailboxAccess === 'hidden') {
    app.log.warn(
      { mail: 'builtin', mailbox: 'hidden' },
      mailboxHiddenMessage(ctx.config.publicUrl, ctx.config.trustProxy),
    );
    return;
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noStore = 'no-store';
  // The peer of the TCP connection, never X-Forwarded-For (with TRUST_PROXY on, req.ip is
  // whatever the client claims); behind a proxy on this host every request looks local, so the
  // outbox must stay a development tool.
  const onRequest = async (req: FastifyRequest) => {
    if (ctx.config.mailboxAccess !== 'anyone' && !isLoopbackAddress(req.socket.remoteAddress)) {
      throw forbidden(MAILBOX_LOCAL_ONLY);
    }
  };

  r.get(
    '/dev/mailbox',
    { config: { access: 'public' }, onRequest, schema: { hide: true, querystring: MailboxQuery } },
    async (req, reply) => {
      const to = req.query.to || undefined;
      const page = await listMailbox(ctx.db, { limit: req.query.limit ?? PAGE_SIZE, cursor: req.query.cursor, to });
      return reply
        .header('cache-control', noStore)
        .type('text/html; charset=utf-8')
        .send(
          renderMailboxList({ messages: page.items, nextCursor: page.nextCursor, to, isFirstPage: !req.query.cursor }),
        );
    },
  );

  r.get(
    '/dev/mailbox.json',
    { config: { access: 'public' }, onRequest, schema: { hide: true, querystring: MailboxQuery } },
    async (req, reply) => {
      const page = await listMailbox(ctx.db, {
        limit: req.query.limit ?? PAGE_SIZE,
        cursor: req.query.cursor,
        to: req.query.to || undefined,
      });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      reply.header('cache-control', noStore);
      return page.items;
    },
  );

  r.get(
    '/dev/mailbox/:id',
    { config: { access: 'public' }, onRequest, schema: { hide: true, params: z.strictObject({ id: z.string() }) } },
    async (req, reply) => {
      const message = UUID.test(req.params.id) ? await getMailboxMessage(ctx.db, req.params.id) : null;
      reply.header('cache-control', noStore).type('text/html; charset=utf-8');
      if (!message) return reply.status(404).send(renderMailboxNotFound());
      return reply.send(renderMailboxMessage(message));
    },
  );

  r.get(
    '/dev/mailbox/:id/html',
    { config: { access: 'public' }, onRequest, schema: { hide: true, params: z.strictObject({ id: z.string() }) } },
    async (req, reply) => {
      const message = UUID.test(req.params.id) ? await getMailboxMessage(ctx.db, req.params.id) : null;
      reply.header('cache-control', noStore).type('text/html; charset=utf-8');
      if (!message) return reply.status(404).send(renderMailboxNotFound());
      return reply
        .header('content-security-policy', MESSAGE_HTML_CSP)
        .header('referrer-policy', 'no-referrer')
        .send(prepareMessageHtml(message.html));
    },
  );
}
