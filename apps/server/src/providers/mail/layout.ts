/**
 * The HTML frame of every e-mail: a centred 560 px card on a tinted background, table layout
 * and inline styles (what mail clients render reliably), a hidden preheader, the sender's
 * logo or initial, one call-to-action button with the link repeated as text underneath.
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
  button?: { label: string; url: string };
  /** Small print under the card. */
  footer: string[];
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

export function renderEmailHtml(c: EmailContent): string {
  const paragraphs = c.paragraphs
    .map(
      (p) =>
        `<tr><td style="padding:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:${COLORS.text};">${escapeHtml(p)}</td></tr>`,
    )
    .join('\n');
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
${c.button ? buttonBlock(c.button) : ''}
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
