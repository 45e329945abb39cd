/**
 * /dev/mailbox: the built-in outbox, readable while MAIL_TRANSPORT is builtin (app.ts
 * registers these routes only then; otherwise the paths are 404). Developer tools outside
 * /api, public like the transport they belong to.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEXT_CURSOR_HEADER } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
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
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export async function mailboxRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noStore = 'no-store';

  r.get(
    '/dev/mailbox',
    { config: { access: 'public' }, schema: { hide: true, querystring: MailboxQuery } },
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
    { config: { access: 'public' }, schema: { hide: true, querystring: MailboxQuery } },
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
    { config: { access: 'public' }, schema: { hide: true, params: z.strictObject({ id: z.string() }) } },
    async (req, reply) => {
      const message = UUID.test(req.params.id) ? await getMailboxMessage(ctx.db, req.params.id) : null;
      reply.header('cache-control', noStore).type('text/html; charset=utf-8');
      if (!message) return reply.status(404).send(renderMailboxNotFound());
      return reply.send(renderMailboxMessage(message));
    },
  );

  r.get(
    '/dev/mailbox/:id/html',
    { config: { access: 'public' }, schema: { hide: true, params: z.strictObject({ id: z.string() }) } },
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
