/**
 * The PDF toolkit every document shares (the packing slip and the invoice in modules/documents,
 * refunds' credit note): Letter pages, the built-in fonts' safe text, the title band, labelled
 * blocks, page numbers, and rendering to bytes. Pure: what a document prints comes in as data
 * (SellerFacts, contract Order), so documents are tested without a database.
 */
import { orderLabel, type Order, type OrderAddress } from '@cratebase/contract';
import { importOnce } from '../load-package.js';

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

/**
 * The title band's details of a document that has a status (invoice, credit note): the status in
 * its colour, then "Issued <day>" under it, right-aligned in the band's right column.
 */
export function drawStatusDetails(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  status: { label: string; color: string },
  issued: string,
): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(status.color)
    .text(status.label, x, y, { width, align: 'right', characterSpacing: 1 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Issued ${issued}`, x, y + 16, { width, align: 'right' });
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
export function numberPages(doc: PDFKit.PDFDocument, label: string, fromPage?: number): void {
  const buffered = doc.bufferedPageRange();
  // From `fromPage` (a document of several slips numbers each one's pages on their own).
  const start = fromPage ?? buffered.start;
  const range = { start, count: buffered.start + buffered.count - start };
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

/** The seller's name, business address and logo as the documents print them. */
export interface SellerFacts {
  name: string;
  /** The seller's business address (ship from); null when it has none. */
  address: PostalAddress | null;
  /** The logo as PNG bytes, at most 200 px; null without one, or when it cannot be read. */
  logo: Buffer | null;
}
