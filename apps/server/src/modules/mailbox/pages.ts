/**
 * Server-rendered pages of /dev/mailbox. No script: plain HTML and one stylesheet, every value
 * escaped by the `markup` template tag. The message's own HTML is never inlined here; it is
 * shown in a sandboxed iframe from /dev/mailbox/{id}/html.
 */
import { escapeHtml } from '../../providers/mail/index.js';
import type { MailboxMessage, MailboxSummary } from './service.js';

class Raw {
  constructor(readonly value: string) {}
}
const raw = (value: string) => new Raw(value);

type Value = string | number | null | undefined | Raw | Raw[];

/** Template tag: interpolated values are escaped unless they are Raw (already-built markup). */
function markup(strings: TemplateStringsArray, ...values: Value[]): Raw {
  let out = strings[0]!;
  values.forEach((v, i) => {
    if (v instanceof Raw) out += v.value;
    else if (Array.isArray(v)) out += v.map((x) => x.value).join('');
    else if (v !== null && v !== undefined) out += escapeHtml(String(v));
    out += strings[i + 1]!;
  });
  return raw(out);
}

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 'IBM Plex Sans', system-ui, -apple-system, 'Segoe UI', sans-serif; color: #2f2b3d; background: #f6f5fa; }
  header { background: #2f2b3d; color: #fff; padding: 14px 24px; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
  header a { color: #fff; text-decoration: none; font-weight: 600; font-size: 18px; }
  header span { color: #c9c4dd; }
  main { max-width: 1100px; margin: 0 auto; padding: 20px 24px 48px; }
  .warning { background: #fff4e0; border: 1px solid #f0c070; border-radius: 8px; padding: 12px 16px; margin: 0 0 20px; }
  .warning strong { display: block; margin-bottom: 2px; }
  table.list { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid #e6e3f0; border-radius: 8px; overflow: hidden; }
  table.list th, table.list td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #eeecf5; vertical-align: top; }
  table.list th { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: #6f6b7d; background: #faf9fd; }
  table.list tr:last-child td { border-bottom: 0; }
  table.list td a { color: #4b3fb0; text-decoration: none; font-weight: 500; }
  table.list td a:hover { text-decoration: underline; }
  .nowrap { white-space: nowrap; }
  .status { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 12px; font-weight: 600; }
  .status-sent { background: #e3f5e9; color: #1d6b3a; }
  .status-queued, .status-sending { background: #ece9fb; color: #4b3fb0; }
  .status-failed { background: #fde7e7; color: #9b1c1c; }
  .pager { display: flex; gap: 16px; margin: 16px 0; }
  .pager a { color: #4b3fb0; }
  form.filter { display: flex; gap: 8px; margin: 0 0 16px; }
  form.filter input { flex: 1; max-width: 360px; padding: 6px 10px; border: 1px solid #cfcbe0; border-radius: 6px; font: inherit; }
  form.filter button { padding: 6px 14px; border: 0; border-radius: 6px; background: #6c5ccf; color: #fff; font: inherit; cursor: pointer; }
  .empty { background: #fff; border: 1px dashed #cfcbe0; border-radius: 8px; padding: 32px; text-align: center; color: #6f6b7d; }
  dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; background: #fff; border: 1px solid #e6e3f0; border-radius: 8px; padding: 14px 16px; margin: 0 0 20px; }
  dl.meta dt { color: #6f6b7d; }
  dl.meta dd { margin: 0; word-break: break-all; }
  h1 { font-size: 22px; margin: 0 0 12px; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
  iframe.message { width: 100%; height: 720px; border: 1px solid #e6e3f0; border-radius: 8px; background: #fff; resize: vertical; }
  pre.text { background: #fff; border: 1px solid #e6e3f0; border-radius: 8px; padding: 16px; white-space: pre-wrap; word-break: break-word; font: 13px/1.55 ui-monospace, SFMono-Regular, Menlo, monospace; }
  ul.links { background: #fff; border: 1px solid #e6e3f0; border-radius: 8px; padding: 12px 16px 12px 32px; margin: 0; }
  ul.links a { color: #4b3fb0; word-break: break-all; }
  table.list td { overflow-wrap: anywhere; }
  /* Phones (issue 27): the list's rows become cards, so nothing is wider than the screen. */
  @media (max-width: 640px) {
    header { padding: 12px 16px; }
    main { padding: 16px 12px 40px; }
    form.filter input { min-width: 0; max-width: none; }
    table.list, table.list tbody, table.list tr, table.list td { display: block; width: 100%; }
    table.list thead { display: none; }
    table.list tr { padding: 10px 12px; border-bottom: 1px solid #eeecf5; }
    table.list tr:last-child { border-bottom: 0; }
    table.list td { padding: 2px 0; border-bottom: 0; }
    table.list td.time { font-size: 13px; color: #6f6b7d; }
    dl.meta { grid-template-columns: 1fr; gap: 0; }
    dl.meta dd { margin-bottom: 8px; }
    iframe.message { height: 560px; }
  }
`;

function page(title: string, body: Raw): string {
  return markup`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<header><a href="/dev/mailbox">Cratebase mailbox</a><span>built-in outbox</span></header>
<main>
<div class="warning" role="note">
  <strong>This is the built-in outbox: these e-mails were not sent to anyone.</strong>
  Every message the server sends is stored in its database and shown here while MAIL_TRANSPORT is builtin (the default).
  Set SMTP_URL to deliver e-mail for real. Anyone who can reach this server can read these messages and follow their
  links, so do not expose a server with the built-in outbox to the internet.
</div>
${body}
</main>
</body>
</html>
`.value;
}

/** `2026-11-21 14:05:09 UTC` */
function formatTime(iso: string | null): string {
  if (!iso) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function statusChip(status: string): Raw {
  return markup`<span class="status status-${raw(/^[a-z]+$/.test(status) ? status : 'queued')}">${status}</span>`;
}

export function renderMailboxList(opts: {
  messages: MailboxSummary[];
  nextCursor: string | null;
  to: string | undefined;
  isFirstPage: boolean;
}): string {
  const toQuery = opts.to ? `to=${encodeURIComponent(opts.to)}` : '';
  const rows = opts.messages.map(
    (m) => markup`<tr>
  <td class="nowrap time">${formatTime(m.created_at)}</td>
  <td>${m.to}</td>
  <td><a href="/dev/mailbox/${m.id}">${m.subject}</a></td>
  <td>${statusChip(m.status)}</td>
</tr>`,
  );
  const list =
    opts.messages.length === 0
      ? markup`<div class="empty">${opts.to ? `No messages to ${opts.to}.` : 'No messages yet. Invite a customer and the e-mail shows up here.'}</div>`
      : markup`<table class="list">
<thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
  const newest = `/dev/mailbox${toQuery ? `?${toQuery}` : ''}`;
  const older = opts.nextCursor
    ? `/dev/mailbox?cursor=${encodeURIComponent(opts.nextCursor)}${toQuery ? `&${toQuery}` : ''}`
    : null;
  const pager = markup`<nav class="pager" aria-label="Pages">
${opts.isFirstPage ? raw('') : markup`<a href="${newest}">← Newest</a>`}
${older ? markup`<a href="${older}">Older →</a>` : raw('')}
</nav>`;
  return page(
    'Mailbox — Cratebase',
    markup`<h1>Mailbox</h1>
<form class="filter" method="get" action="/dev/mailbox" role="search">
  <input name="to" type="search" placeholder="Filter by recipient e-mail" value="${opts.to ?? ''}" aria-label="Filter by recipient e-mail">
  <button type="submit">Filter</button>
</form>
${list}
${pager}`,
  );
}

export function renderMailboxMessage(m: MailboxMessage): string {
  const links = m.links.map((l) => markup`<li><a href="${l}" target="_top">${l}</a></li>`);
  return page(
    `${m.subject} — Mailbox`,
    markup`<p><a href="/dev/mailbox">← All messages</a></p>
<h1>${m.subject}</h1>
<dl class="meta">
  <dt>From</dt><dd>${m.from}</dd>
  <dt>To</dt><dd>${m.to}</dd>
  <dt>Queued</dt><dd>${formatTime(m.created_at)}</dd>
  <dt>Status</dt><dd>${statusChip(m.status)} ${m.sent_at ? `delivered to the outbox ${formatTime(m.sent_at)}` : ''}</dd>
  <dt>Attempts</dt><dd>${m.attempts}</dd>
  ${m.last_error ? markup`<dt>Last error</dt><dd>${m.last_error}</dd>` : raw('')}
  <dt>Kind</dt><dd>${m.kind}</dd>
  <dt>Message-ID</dt><dd>${m.provider_message_id ?? '—'}</dd>
</dl>
${m.links.length > 0 ? markup`<h2>Links</h2><ul class="links">${links}</ul>` : raw('')}
<h2>HTML part</h2>
<iframe class="message" title="HTML part of the message" src="/dev/mailbox/${m.id}/html"
  sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
  referrerpolicy="no-referrer"></iframe>
<h2>Text part</h2>
<pre class="text">${m.text}</pre>`,
  );
}

export function renderMailboxNotFound(): string {
  return page(
    'Not found — Mailbox',
    markup`<p><a href="/dev/mailbox">← All messages</a></p><div class="empty">There is no message with that id.</div>`,
  );
}

/**
 * The message's HTML part for the iframe: links open in the top window (the iframe is
 * sandboxed without scripts), nothing else changes.
 */
export function prepareMessageHtml(messageHtml: string): string {
  const base = '<base target="_top">';
  if (/<head[^>]*>/i.test(messageHtml)) return messageHtml.replace(/<head[^>]*>/i, (h) => `${h}${base}`);
  return `${base}${messageHtml}`;
}

/** CSP of the message's HTML part: no script, no forms; images and inline styles only. */
export const MESSAGE_HTML_CSP = [
  "default-src 'none'",
  'img-src http: https: data:',
  "style-src 'unsafe-inline'",
  'font-src http: https: data:',
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'none'",
  'sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
].join('; ');
