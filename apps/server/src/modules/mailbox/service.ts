/** The built-in outbox as a mailbox: stored messages, newest first, with the links they carry. */
import type { Db } from '../../db/client.js';
import { takePage, toIso } from '../../lib/pagination.js';
import { getOutboxMessage, listOutbox, type OutboxRow } from '../../providers/mail/index.js';

export interface MailboxSummary {
  id: string;
  kind: string;
  to: string;
  from: string;
  subject: string;
  status: string;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
}

export interface MailboxMessage extends MailboxSummary {
  html: string;
  text: string;
  transport: string | null;
  provider_message_id: string | null;
  links: string[];
}

type Row = Omit<OutboxRow, 'html' | 'text'>;

function toSummary(r: Row): MailboxSummary {
  return {
    id: r.id,
    kind: r.kind,
    to: r.to_email,
    from: r.from_email,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    created_at: toIso(r.created_at)!,
    sent_at: toIso(r.sent_at),
    last_error: r.last_error,
  };
}

export interface MailboxQuery {
  limit: number;
  cursor?: string;
  /** Only messages to this address (case-insensitive). */
  to?: string;
}

export async function listMailbox(
  db: Db,
  query: MailboxQuery,
): Promise<{ items: (MailboxSummary & { text: string; links: string[] })[]; nextCursor: string | null }> {
  const rows = await listOutbox(db, query);
  const page = takePage(rows, query.limit);
  return {
    items: page.rows.map((r) => ({ ...toSummary(r), text: r.text, links: extractLinks(r.html, r.text) })),
    nextCursor: page.nextCursor,
  };
}

export async function getMailboxMessage(db: Db, id: string): Promise<MailboxMessage | null> {
  const r = await getOutboxMessage(db, id);
  if (!r) return null;
  return {
    ...toSummary(r),
    html: r.html,
    text: r.text,
    transport: r.transport,
    provider_message_id: r.provider_message_id,
    links: extractLinks(r.html, r.text),
  };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Absolute http(s) links of the HTML part's hrefs, then of the text part, each once, in order. */
export function extractLinks(html: string, text: string): string[] {
  const links = new Set<string>();
  for (const m of html.matchAll(/\bhref\s*=\s*"([^"]*)"/gi)) {
    const href = m[1]!.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);
    if (/^https?:\/\//i.test(href)) links.add(href);
  }
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/gi)) links.add(m[0]);
  return [...links];
}
