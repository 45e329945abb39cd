/**
 * Signed document links, and the public routes that serve their PDFs (invoices, credit notes).
 * A document opens in a new tab as a plain link, without the bearer token, so the link itself is
 * the authorisation: `{publicUrl}/{path}/{id}.pdf?expires={unix seconds}&signature={hex}`, the
 * signature HMAC-SHA256 of `{id}.{expires}` under a key of the document kind's own, which every
 * server process derives from the shared root secret. A link lasts an hour; the API hands out a
 * fresh one with every read, so a leaked old link stops working. Ids are signed and checked in
 * lower case: a UUID asked for in upper case names the same document, and its link opens it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DbOrTx } from '../db/client.js';

/** How long a link opens its document. */
export const DOCUMENT_LINK_TTL_SECONDS = 60 * 60;

/** What signing needs: where the server is, and the key. */
export interface DocumentLinkSigner {
  publicUrl: string;
  key: Buffer;
}

export type DocumentLinkCheck = 'valid' | 'expired' | 'invalid';

export interface SignedDocumentLinks {
  /** The kind's key in this database. */
  key(db: DbOrTx): Promise<Buffer>;
  /** A signer for many links (a list signs every row with one key read). */
  signer(ctx: { db: DbOrTx; config: { publicUrl: string } }): Promise<DocumentLinkSigner>;
  /** The document's PDF link, valid for an hour from `now`. */
  link(signer: DocumentLinkSigner, id: string, now?: Date): string;
  /**
   * Whether a link's `expires` and `signature` open the document: 'invalid' for a missing,
   * malformed or wrong signature (whatever the time), 'expired' for a genuine link past its time.
   */
  check(key: Buffer, id: string, expires: string | undefined, given: string | undefined, now?: Date): DocumentLinkCheck;
}

const signature = (key: Buffer, id: string, expires: number) =>
  createHmac('sha256', key).update(`${id}.${expires}`).digest('hex');

/** The links of one kind of document, served under `/{path}/{id}.pdf`, keyed by `deriveKey`. */
export function signedDocumentLinks(opts: {
  path: string;
  deriveKey: (db: DbOrTx) => Promise<Buffer>;
}): SignedDocumentLinks {
  return {
    key: opts.deriveKey,
    async signer(ctx) {
      return { publicUrl: ctx.config.publicUrl, key: await opts.deriveKey(ctx.db) };
    },
    link(signer, rawId, now = new Date()) {
      const id = rawId.toLowerCase();
      const expires = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_TTL_SECONDS;
      // Both values are URL-safe as they are (digits, hex); lists sign fifty of these a page.
      return `${signer.publicUrl}/${opts.path}/${encodeURIComponent(id)}.pdf?expires=${expires}&signature=${signature(signer.key, id, expires)}`;
    },
    check(key, id, expires, given, now = new Date()) {
      if (!expires || !/^[1-9]\d{0,11}$/.test(expires) || !given || !/^[0-9a-f]{64}$/i.test(given)) return 'invalid';
      const at = Number(expires);
      const expected = Buffer.from(signature(key, id, at), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'invalid';
      return at * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A small page for a person who opened a link that does not (or no longer) open its document. */
function page(reply: FastifyReply, status: number, title: string, message: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #1a1a1a">
<h1 style="font-size: 1.25rem">${title}</h1><p>${message}</p></body></html>`;
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

/**
 * GET /{path}/{id}.pdf: the public route a signed link opens (the signature is its access
 * policy). 404 with a page for a bad link or an unknown document, 410 for an expired one;
 * the PDF private and never stored by a cache.
 */
export function signedPdfRoute(
  app: FastifyInstance,
  opts: {
    links: SignedDocumentLinks;
    path: string;
    /** "Invoice", "Credit note": the page titles. */
    noun: string;
    invalidMessage: string;
    expiredMessage: string;
    /** The document's PDF and file name; undefined when there is none. */
    render(id: string): Promise<{ pdf: Buffer; fileName: string } | undefined>;
    db: DbOrTx;
  },
): void {
  app.get<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>(
    `/${opts.path}/:id.pdf`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      const id = req.params.id.toLowerCase();
      const query = req.query ?? {};
      const expires = typeof query.expires === 'string' ? query.expires : undefined;
      const given = typeof query.signature === 'string' ? query.signature : undefined;
      const notFound = () => page(reply, 404, `${opts.noun} not found`, opts.invalidMessage);
      if (!UUID.test(id)) return notFound();
      const check = opts.links.check(await opts.links.key(opts.db), id, expires, given);
      if (check === 'invalid') return notFound();
      if (check === 'expired') return page(reply, 410, `${opts.noun} link expired`, opts.expiredMessage);
      const document = await opts.render(id);
      if (!document) return notFound();
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${document.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(document.pdf);
    },
  );
}
