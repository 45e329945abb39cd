/**
 * The HTML frame of every e-mail: a centred 560 px card on a tinted background, table layout
 * and inline styles (what mail clients render reliably), a hidden preheader, the sender's
 * logo or initial, one call-to-action button with the link repeated as text underneath.
 * Order e-mails add an items table (Item | Qty | Amount), a totals block and label/value
 * details; a message without them renders exactly as before.
 * Every piece of text passed in is escaped here; callers pass plain strings.
 */

const FONT = "'IBM Plex Sans', 'Segoe UI', Helvetica, Arial, sans-serif";
const COLORS = {
  page: '#f3f1f9',
  card: '#ffffff',
  text: '#2f2b3d',
  muted: '#6f6b7d',
  primary: '#6c5ccf',
  border: '#e6e3f0',
} as const;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only absolute http(s) URLs go into an href or src. */
export function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`Refusing a ${parsed.protocol} URL in an e-mail`);
  return parsed.toString();
}

export interface EmailBrand {
  name: string;
  /** Absolute URL of a square logo, or null for the initial. */
  logoUrl: string | null;
}

export interface EmailContent {
  /** The document title (some clients show it). */
  title: string;
  /** The preview line shown after the subject in the inbox. */
  preheader: string;
  brand: EmailBrand;
  heading: string;
  paragraphs: string[];
  /** A table of items (an order's lines) under the paragraphs. */
  items?: EmailItems;
  /** Label/amount rows under the items, the last one emphasised when `strong` (Subtotal, Shipping, Total). */
  totals?: EmailTotal[];
  /** Small label/value rows (Ship to, Shipping method, Paid with); a value may have several lines. */
  details?: EmailDetail[];
  button?: { label: string; url: string };
  /** Small print under the card. */
  footer: string[];
}

export interface EmailItems {
  /** Optional title above the table ("Order summary"). */
  title?: string;
  /** The three column headings: the item, its quantity, its amount. */
  headings: { item: string; quantity: string; amount: string };
  rows: EmailItemRow[];
}

export interface EmailItemRow {
  item: string;
  /** A muted second line under the item's name ("$4.50 each"). */
  note?: string;
  quantity: string;
  amount: string;
}

export interface EmailTotal {
  label: string;
  value: string;
  /** Bold, with a rule above it: the grand total. */
  strong?: boolean;
}

export interface EmailDetail {
  label: string;
  /** One line per entry (an address is several). */
  lines: string[];
}

function brandBlock(brand: EmailBrand): string {
  const name = escapeHtml(brand.name);
  const mark = brand.logoUrl
    ? `<img src="${escapeHtml(safeUrl(brand.logoUrl))}" width="64" height="64" alt="${name}" style="display:block;width:64px;height:64px;border-radius:12px;border:1px solid ${COLORS.border};object-fit:cover;">`
    : `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td width="64" height="64" align="center" valign="middle" style="width:64px;height:64px;border-radius:12px;background:${COLORS.primary};color:#ffffff;font-family:${FONT};font-size:28px;font-weight:600;">${escapeHtml(initialOf(brand.name))}</td></tr></table>`;
  return `<tr><td style="padding:0 0 24px 0;">${mark}</td></tr>`;
}

function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toUpperCase() : '?';
}

function buttonBlock(button: { label: string; url: string }): string {
  const href = escapeHtml(safeUrl(button.url));
  const label = escapeHtml(button.label);
  return `<tr><td style="padding:8px 0 24px 0;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" class="cb-button"><tr>
<td align="center" bgcolor="${COLORS.primary}" style="border-radius:8px;background:${COLORS.primary};">
<a href="${href}" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:600;line-height:20px;color:#ffffff;text-decoration:none;border-radius:8px;">${label}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:0 0 8px 0;font-family:${FONT};font-size:13px;line-height:20px;color:${COLORS.muted};">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color:${COLORS.primary};word-break:break-all;">${escapeHtml(safeUrl(button.url))}</a></td></tr>`;
}

const CELL = `font-family:${FONT};font-size:14px;line-height:20px;color:${COLORS.text};`;
const HEAD_CELL = `font-family:${FONT};font-size:12px;line-height:16px;font-weight:600;letter-spacing:0.04em;text-transform:uppercase;color:${COLORS.muted};`;

function sectionTitle(title: string): string {
  return `<tr><td style="padding:8px 0 8px 0;font-family:${FONT};font-size:16px;line-height:24px;font-weight:600;color:${COLORS.text};">${escapeHtml(title)}</td></tr>\n`;
}

/** Item | Qty | Amount: the name takes what is left and wraps; quantity and amount never wrap. */
function itemsBlock(items: EmailItems): string {
  const border = `border-bottom:1px solid ${COLORS.border};`;
  const head = `<tr>
<th align="left" style="${HEAD_CELL}${border}padding:0 8px 8px 0;text-align:left;">${escapeHtml(items.headings.item)}</th>
<th align="center" width="48" style="${HEAD_CELL}${border}padding:0 8px 8px 8px;text-align:center;white-space:nowrap;">${escapeHtml(items.headings.quantity)}</th>
<th align="right" style="${HEAD_CELL}${border}padding:0 0 8px 8px;text-align:right;white-space:nowrap;">${escapeHtml(items.headings.amount)}</th>
</tr>`;
  const rows = items.rows
    .map((r) => {
      const note = r.note ? `<br><span style="font-size:13px;color:${COLORS.muted};">${escapeHtml(r.note)}</span>` : '';
      return `<tr>
<td valign="top" style="${CELL}${border}padding:10px 8px 10px 0;word-break:break-word;">${escapeHtml(r.item)}${note}</td>
<td valign="top" align="center" width="48" style="${CELL}${border}padding:10px 8px;text-align:center;white-space:nowrap;">${escapeHtml(r.quantity)}</td>
<td valign="top" align="right" style="${CELL}${border}padding:10px 0 10px 8px;text-align:right;white-space:nowrap;">${escapeHtml(r.amount)}</td>
</tr>`;
    })
    .join('\n');
  return `${items.title ? sectionTitle(items.title) : ''}<tr><td style="padding:0 0 8px 0;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" class="cb-items">
${head}
${rows}
</table>
</td></tr>`;
}

function totalsBlock(totals: EmailTotal[]): string {
  const base = `font-family:${FONT};line-height:20px;`;
  const rows = totals
    .map((t) => {
      // Subtotal and Shipping: muted label, plain amount; the total: bold, with a rule above.
      const label = t.strong
        ? `${base}font-size:16px;font-weight:600;color:${COLORS.text};border-top:1px solid ${COLORS.border};padding:10px 0 0 0;`
        : `${base}font-size:14px;color:${COLORS.muted};padding:4px 0;`;
      const value = t.strong
        ? `${base}font-size:16px;font-weight:600;color:${COLORS.text};border-top:1px solid ${COLORS.border};padding:10px 0 0 8px;`
        : `${base}font-size:14px;color:${COLORS.text};padding:4px 0 4px 8px;`;
      return `<tr>
<td align="left" style="${label}text-align:left;">${escapeHtml(t.label)}</td>
<td align="right" style="${value}text-align:right;white-space:nowrap;">${escapeHtml(t.value)}</td>
</tr>`;
    })
    .join('\n');
  return `<tr><td style="padding:0 0 24px 0;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" class="cb-totals">
${rows}
</table>
</td></tr>`;
}

/** Label on the left (a third of the width), value on the right; both wrap on a phone. */
function detailsBlock(details: EmailDetail[]): string {
  const rows = details
    .map(
      (d) => `<tr>
<td valign="top" width="34%" style="${HEAD_CELL}padding:6px 12px 6px 0;">${escapeHtml(d.label)}</td>
<td valign="top" style="${CELL}padding:4px 0;word-break:break-word;">${d.lines.map(escapeHtml).join('<br>')}</td>
</tr>`,
    )
    .join('\n');
  return `<tr><td style="padding:0 0 24px 0;border-top:1px solid ${COLORS.border};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" class="cb-details" style="margin-top:16px;">
${rows}
</table>
</td></tr>`;
}

/**
 * The plain text of a short e-mail (heading, paragraphs, a button, small print), the twin of its
 * HTML: the heading, the paragraphs one a line, the button as "Label:" over its URL, then the
 * small print under "--". E-mails with items, totals or details write their own text.
 */
export function renderShortEmailText(c: Pick<EmailContent, 'heading' | 'paragraphs' | 'button' | 'footer'>): string {
  const button = c.button ? [`${c.button.label}:`, c.button.url, ''] : [];
  return [c.heading, '', ...c.paragraphs, '', ...button, '--', ...c.footer, ''].join('\n');
}

export function renderEmailHtml(c: EmailContent): string {
  const paragraphs = c.paragraphs
    .map(
      (p) =>
        `<tr><td style="padding:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:${COLORS.text};">${escapeHtml(p)}</td></tr>`,
    )
    .join('\n');
  // The order's blocks, each on its own line; nothing at all for a message without them.
  const blocks = [
    c.items && c.items.rows.length > 0 ? itemsBlock(c.items) : '',
    c.totals && c.totals.length > 0 ? totalsBlock(c.totals) : '',
    c.details && c.details.length > 0 ? detailsBlock(c.details) : '',
  ]
    .filter((b) => b !== '')
    .map((b) => `${b}\n`)
    .join('');
  const footer = c.footer.map((f) => `<p style="margin:0 0 8px 0;">${escapeHtml(f)}</p>`).join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(c.title)}</title>
<style>
  @media only screen and (max-width: 600px) {
    .cb-card { padding: 28px 20px !important; }
    .cb-button, .cb-button tbody, .cb-button tr, .cb-button td, .cb-button a { display: block !important; width: 100% !important; box-sizing: border-box; text-align: center !important; }
  }
</style>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};-webkit-text-size-adjust:100%;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(c.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page};">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td class="cb-card" style="background:${COLORS.card};border:1px solid ${COLORS.border};border-radius:12px;padding:40px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${brandBlock(c.brand)}
<tr><td style="padding:0 0 16px 0;font-family:${FONT};font-size:22px;line-height:30px;font-weight:600;color:${COLORS.text};">${escapeHtml(c.heading)}</td></tr>
${paragraphs}
${blocks}${c.button ? buttonBlock(c.button) : ''}
</table>
</td></tr>
<tr><td style="padding:20px 12px 0 12px;text-align:center;font-family:${FONT};font-size:12px;line-height:18px;color:${COLORS.muted};">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
