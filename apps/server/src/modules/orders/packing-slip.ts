/**
 * The packing slip of a submitted order (issue 10 item 3): a Letter-size PDF for the person who
 * packs the box — the seller's name and logo, the order number and date, where it ships from and
 * to, who bought it, and the lines with SKU, name, order unit and quantity beside an empty box to
 * tick. No prices: the slip travels in the box. Long orders run onto more pages, each repeating
 * the title and the table's column heads, and every page is numbered.
 *
 * A pure function of the order (contract Order, lines as bought) and the seller's facts, so it is
 * tested without a database; `sellerFacts` reads those facts (name, business address, logo). The
 * PDF helpers below are shared with the invoice (payments/invoice-pdf.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { orderLabel, type Order, type OrderAddress, type OrderLine } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { importOnce } from '../../lib/load-package.js';
import { businessAddressJoinSql } from '../addresses/sql.js';
import { imageSetJoins, logoKeyColumns } from '../media/sql.js';

// ─── Shared PDF helpers (also used by payments/invoice-pdf.ts) ────────────────────────

/** Letter, in points, with half-inch-and-a-bit margins. */
export const PAGE = { width: 612, height: 792, margin: 48 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where content stops: room for the page-number footer below. */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 18;

export const INK = '#1a1a1a';
export const MUTED = '#6b6b6b';
export const RULE = '#d0d0d0';

/** Characters the built-in PDF fonts can draw (Windows-1252 beyond ASCII). */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function drawable(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
}

/**
 * User text made safe for the built-in fonts, on one line: control characters and line breaks
 * become spaces, accented letters outside the font lose their accent (ő → o), and anything else
 * the font cannot draw (emoji, other scripts) becomes "?" instead of garbage glyphs.
 */
export function pdfText(value: string | null | undefined): string {
  if (!value) return '';
  let out = '';
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || /\s/.test(ch)) out += ' ';
    else if (drawable(ch)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every(drawable) ? base : '?';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** "June 3, 2025": the day in UTC (the server does not know the reader's zone). */
export function formatDay(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The street address of a business (its business address from the addresses module). */
export interface PostalAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postal_code: string;
}

/** The address as printed lines: street, suite, "City, ST 12345". */
export function addressLines(a: PostalAddress): string[] {
  const cityLine = [pdfText(a.city), [pdfText(a.state), pdfText(a.postal_code)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [pdfText(a.line1), pdfText(a.line2), cityLine].filter((l) => l !== '');
}

/** The ship-to block: the recipient's name, then the address. */
export function shipToLines(a: OrderAddress | null): string[] {
  if (!a) return ['No shipping address'];
  const name = pdfText([a.first_name, a.last_name].filter(Boolean).join(' '));
  return [name, ...addressLines(a)].filter((l) => l !== '');
}

/**
 * The order's number as every document prints it (CB-000123); an order without one (none is placed
 * so) by "#" and the first 8 characters of its id, as the screens show it (contract orderLabel).
 */
export function orderNumber(order: Pick<Order, 'id' | 'order_number'>): string {
  return pdfText(order.order_number) || orderLabel({ id: order.id });
}

/** "PO number: 4500-17" for an order with a PO number, else nothing (a line for a block). */
export function poNumberLines(order: Pick<Order, 'po_number'>): string[] {
  const po = pdfText(order.po_number);
  return po ? [`PO number: ${po}`] : [];
}

/** A file name of letters, digits and dashes: "packing-slip-CB-000123.pdf". */
export function pdfFileName(prefix: string, number: string): string {
  const safe = number.replace(/[^A-Za-z0-9-]+/g, '');
  return `${prefix}-${safe || 'document'}.pdf`;
}

/** Draws the picture if pdfkit can read it (PNG or JPEG); answers whether it did. */
export function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer | null, x: number, y: number, size: number): boolean {
  if (!logo) return false;
  try {
    doc.image(logo, x, y, { fit: [size, size], align: 'center', valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The title band every page of a document starts with: the seller's logo and name at the left,
 * the title at the right with what `details` writes under it (from y + 26), and a rule
 * `height` below the top. Answers the y where the page goes on.
 */
export function drawTitleBand(
  doc: PDFKit.PDFDocument,
  band: {
    logo: Buffer | null;
    sellerName: string;
    title: string;
    rightWidth: number;
    titleSlack: number;
    height: number;
  },
  details: (x: number, y: number, width: number) => void,
): number {
  const top = PAGE.margin;
  const hasLogo = drawLogo(doc, band.logo, PAGE.margin, top, 48);
  const nameX = PAGE.margin + (hasLogo ? 58 : 0);
  const rightX = PAGE.margin + CONTENT_WIDTH - band.rightWidth;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text(band.sellerName, nameX, top + (hasLogo ? 14 : 4), { width: rightX - nameX - 12, height: 20, ellipsis: true });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(band.title, rightX - band.titleSlack, top, { width: band.rightWidth + band.titleSlack, align: 'right' });
  details(rightX, top + 26, band.rightWidth);
  const below = top + band.height;
  doc
    .moveTo(PAGE.margin, below)
    .lineTo(PAGE.margin + CONTENT_WIDTH, below)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  return below + 14;
}

/** The rule under a table's column heads written at `y`; answers the y of the rule. */
export function drawHeadRule(doc: PDFKit.PDFDocument, y: number): number {
  const below = y + 13;
  doc
    .moveTo(PAGE.margin, below)
    .lineTo(PAGE.margin + CONTENT_WIDTH, below)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  return below;
}

/** A labelled block of lines (Ship to, Ship from, Bill to…); answers the y below it. */
export function drawBlock(
  doc: PDFKit.PDFDocument,
  label: string,
  lines: string[],
  x: number,
  y: number,
  width: number,
): number {
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(MUTED)
    .text(label.toUpperCase(), x, y, { width, characterSpacing: 0.5 });
  let at = y + 13;
  lines.forEach((line, i) => {
    doc
      .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    doc.text(line, x, at, { width });
    at = doc.y + 1;
  });
  return at;
}

/** Numbers every page at its foot ("Page 2 of 3"); the document must buffer its pages. */
export function numberPages(doc: PDFKit.PDFDocument, label: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing below the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${label} · Page ${i - range.start + 1} of ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** pdfkit, imported on the first PDF (lib/load-package.ts), not at start. */
const loadPdfkit = importOnce(async () => (await import('pdfkit')).default);

/** Runs `draw` on a new Letter document and answers the finished PDF's bytes. */
export async function renderPdf(
  info: { Title: string; Author?: string },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: PAGE.margin,
      bufferPages: true,
      info: { ...info, Creator: 'Cratebase' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

// ─── The seller's facts (both documents print them) ───────────────────────────────────

/** The seller's name, business address and logo as the documents print them. */
export interface SellerFacts {
  name: string;
  /** The seller's business address (ship from); null when it has none. */
  address: PostalAddress | null;
  /** The logo as PNG bytes, at most 200 px; null without one, or when it cannot be read. */
  logo: Buffer | null;
}

/** The largest logo file read (the 200 px variant is a few kB). */
const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const LOGO_FETCH_TIMEOUT_MS = 5_000;

/**
 * The bytes of a stored media object by its locator (media.storage_key / variants): a key under
 * the local media directory, or the absolute URL of an S3 object. The storage provider has no
 * read call (MediaStorage writes only), so the object is read where it is served from.
 */
async function readStoredObject(ctx: AppContext, locator: string): Promise<Buffer> {
  if (/^https?:\/\//.test(locator)) {
    const res = await fetch(locator, { signal: AbortSignal.timeout(LOGO_FETCH_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`logo answered ${res.status}`);
    if (Number(res.headers.get('content-length') ?? 0) > LOGO_MAX_BYTES) throw new Error('logo too large');
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > LOGO_MAX_BYTES) throw new Error('logo too large');
    return bytes;
  }
  const storage = ctx.config.storage;
  if (storage.driver !== 'local') throw new Error('a local media key, but media is stored in S3');
  const root = path.resolve(storage.dir);
  const file = path.resolve(root, locator);
  if (!file.startsWith(root + path.sep)) throw new Error('media key outside the media directory');
  const stat = await fs.stat(file);
  if (stat.size > LOGO_MAX_BYTES) throw new Error('logo too large');
  return fs.readFile(file);
}

/**
 * The seller's logo as a small PNG (the documents' fonts and images are PDF's own: PNG and JPEG
 * only, so the stored WebP variant is converted); null when there is none or it cannot be read —
 * the document is printed without it and the operator hears why.
 */
async function readLogo(
  ctx: AppContext,
  key: string | null,
  variants: Record<string, string> | null,
): Promise<Buffer | null> {
  const locator = variants?.['200'] ?? key;
  if (!locator) return null;
  try {
    const bytes = await readStoredObject(ctx, locator);
    return await sharp(bytes, { limitInputPixels: 25_000_000 })
      .resize(200, 200, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (err) {
    ctx.log.warn({ err, locator }, 'the seller logo could not be read: the document is printed without it');
    return null;
  }
}

/** The seller's name, business address and logo, for its packing slips and invoices. */
export async function sellerFacts(ctx: AppContext, seller: { id: string; name: string }): Promise<SellerFacts> {
  const result = await ctx.db.execute<{
    line1: string | null;
    line2: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
    logo_key: string | null;
    logo_variants: Record<string, string> | null;
  }>(sql`
    select ba.line1, ba.line2, ba.city, ba.state, ba.postal_code, ${logoKeyColumns}
      from (select ${seller.id}::uuid as organization_id) s
      ${businessAddressJoinSql('ba', sql`s.organization_id`)}
      ${imageSetJoins(sql`s.organization_id`)}`);
  const row = result.rows[0];
  const address =
    row?.line1 && row.city && row.state && row.postal_code
      ? { line1: row.line1, line2: row.line2, city: row.city, state: row.state, postal_code: row.postal_code }
      : null;
  return { name: seller.name, address, logo: row ? await readLogo(ctx, row.logo_key, row.logo_variants) : null };
}

// ─── The packing slip ────────────────────────────────────────────────────────────────

export interface PackingSlipInput {
  /** The submitted order with its lines as bought; printed by its number (`order_number`, CB-000123). */
  order: Order;
  /** The seller's name, business address (ship from) and logo (PNG or JPEG; another format is left out). */
  seller: SellerFacts;
}

/** "Case of 6", "Case", or "Each" for a product sold one by one. */
export function orderUnitLabel(line: Pick<OrderLine, 'order_unit' | 'quantity_per_unit'>): string {
  const unit = pdfText(line.order_unit);
  const per = line.quantity_per_unit;
  if (!unit) return per && per > 1 ? `Pack of ${per}` : 'Each';
  return per && per > 1 ? `${unit} of ${per}` : unit;
}

const COLUMNS = (() => {
  const check = 26;
  const sku = 104;
  const unit = 104;
  const qty = 46;
  const name = CONTENT_WIDTH - check - sku - unit - qty;
  let x: number = PAGE.margin;
  const at = (w: number) => {
    const c = { x, w };
    x += w;
    return c;
  };
  return { check: at(check), sku: at(sku), name: at(name), unit: at(unit), qty: at(qty) };
})();
const CELL_PAD = 5;

/** The packing slip as a PDF. */
export function renderPackingSlip(input: PackingSlipInput): Promise<Buffer> {
  const { order, seller } = input;
  const number = orderNumber(order);
  const sellerName = pdfText(seller.name) || 'Seller';
  const day = formatDay(order.completed_on);
  const lines = order.cart.line_items;

  return renderPdf({ Title: `Packing slip ${number}`, Author: sellerName }, (doc) => {
    /** The title band every page starts with; answers the y below it. */
    const header = (continued: boolean): number =>
      drawTitleBand(
        doc,
        {
          logo: seller.logo,
          sellerName,
          title: continued ? 'Packing slip (continued)' : 'Packing slip',
          rightWidth: 200,
          titleSlack: 60,
          height: 60,
        },
        (x, y, width) => {
          doc.font('Helvetica').fontSize(10).fillColor(INK);
          doc.text(`Order ${number}`, x, y, { width, align: 'right' });
          doc.fillColor(MUTED).text(`Date ${day}`, x, y + 14, { width, align: 'right' });
        },
      );

    const tableHead = (y: number): number => {
      doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
      const head = (text: string, c: { x: number; w: number }, align: 'left' | 'right' | 'center' = 'left') =>
        doc.text(text, c.x + (align === 'right' ? 0 : 2), y, { width: c.w - 4, align, lineBreak: false });
      head('SKU', COLUMNS.sku);
      head('ITEM', COLUMNS.name);
      head('ORDER UNIT', COLUMNS.unit);
      head('QTY', COLUMNS.qty, 'right');
      return drawHeadRule(doc, y);
    };

    // First page: the title, then who and where, then the table.
    let y = header(false);
    const blockW = CONTENT_WIDTH / 3;
    const placedBy = pdfText(order.created_by_user?.name);
    const bottoms = [
      drawBlock(doc, 'Ship to', shipToLines(order.shipping_address), PAGE.margin, y, blockW - 12),
      drawBlock(
        doc,
        'Ship from',
        [sellerName, ...(seller.address ? addressLines(seller.address) : ['No business address on file'])],
        PAGE.margin + blockW,
        y,
        blockW - 12,
      ),
      drawBlock(
        doc,
        'Buyer',
        [pdfText(order.organization.name), ...(placedBy ? [`Placed by ${placedBy}`] : []), ...poNumberLines(order)],
        PAGE.margin + 2 * blockW,
        y,
        blockW - 12,
      ),
    ];
    y = Math.max(...bottoms) + 18;
    y = tableHead(y);

    let units = 0;
    for (const line of lines) {
      units += line.quantity;
      const sku = pdfText(line.stock_keeping_unit) || '—';
      const name = pdfText(line.name) || 'Item';
      const unit = orderUnitLabel(line);
      doc.font('Helvetica').fontSize(10);
      const textH = Math.max(
        doc.heightOfString(sku, { width: COLUMNS.sku.w - 6 }),
        doc.heightOfString(name, { width: COLUMNS.name.w - 6 }),
        doc.heightOfString(unit, { width: COLUMNS.unit.w - 6 }),
      );
      const rowH = Math.max(textH, 12) + 2 * CELL_PAD;
      if (y + rowH > CONTENT_BOTTOM) {
        doc.addPage();
        y = tableHead(header(true));
      }
      const textY = y + CELL_PAD;
      doc
        .rect(COLUMNS.check.x + 4, textY, 11, 11)
        .lineWidth(0.9)
        .strokeColor(INK)
        .stroke();
      doc.font('Helvetica').fontSize(10).fillColor(INK);
      doc.text(sku, COLUMNS.sku.x + 2, textY, { width: COLUMNS.sku.w - 6 });
      doc.text(name, COLUMNS.name.x + 2, textY, { width: COLUMNS.name.w - 6 });
      doc.text(unit, COLUMNS.unit.x + 2, textY, { width: COLUMNS.unit.w - 6 });
      doc
        .font('Helvetica-Bold')
        .text(String(line.quantity), COLUMNS.qty.x, textY, { width: COLUMNS.qty.w - 2, align: 'right' });
      y += rowH;
      doc
        .moveTo(PAGE.margin, y)
        .lineTo(PAGE.margin + CONTENT_WIDTH, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    }
    if (lines.length === 0) {
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(MUTED)
        .text('This order has no lines.', PAGE.margin + 2, y + CELL_PAD);
      y += 12 + 2 * CELL_PAD;
    }

    // Totals and a line to sign, kept together.
    if (y + 64 > CONTENT_BOTTOM) {
      doc.addPage();
      y = header(true);
    }
    y += 10;
    const totalText = `Total: ${units} ${units === 1 ? 'unit' : 'units'} in ${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(totalText, PAGE.margin, y, { width: CONTENT_WIDTH, align: 'right' });
    y += 34;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    doc.text('Packed by ______________________', PAGE.margin, y, { lineBreak: false });
    doc.text('Date ______________', PAGE.margin + CONTENT_WIDTH - 150, y, {
      width: 150,
      align: 'right',
      lineBreak: false,
    });

    numberPages(doc, `Packing slip ${number}`);
  });
}
