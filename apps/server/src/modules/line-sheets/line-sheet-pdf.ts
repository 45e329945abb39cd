/**
 * The line sheet PDF (issue 25 part 3): a cover — the seller's logo and name, the title, the
 * note, whose prices, how many products, the date and the link to order — then the products,
 * nine to a Letter page in a 3 × 3 grid: the photo (its small stored copy, as JPEG), the name,
 * SKU, wholesale and retail price, minimum, increment, ship window and the variants with their
 * SKUs and prices (a product with more than four variants takes a whole row, its variants in two
 * columns beside it). Pure: the products and photos come in as data (no database), so a 500-product
 * sheet is timed in `npm run bench` without one.
 */
import {
  dollars,
  formatShipDay,
  formatShipWindow,
  lineSheetOrderRules,
  type LineSheetProduct,
} from '@cratebase/contract';
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  INK,
  MUTED,
  PAGE,
  RULE,
  drawLogo,
  formatDay,
  numberPages,
  pdfText,
  renderPdf,
} from '../../lib/pdf/toolkit.js';

export interface LineSheetPdfInput {
  seller: { name: string; logo: Buffer | null };
  title: string;
  note: string | null;
  /** The price list's name on the cover; null: the seller's wholesale prices. */
  priceListName: string | null;
  /** The public page where a store requests to order; null while the sheet is not shared. */
  shareUrl: string | null;
  date: Date;
  products: LineSheetProduct[];
  /** Each product's photo as JPEG or PNG bytes (the small stored copy), by product id. */
  photos: ReadonlyMap<string, Buffer>;
}

const COLUMNS = 3;
const ROWS = 3;
const GAP = 16;
const CELL_WIDTH = (CONTENT_WIDTH - GAP * (COLUMNS - 1)) / COLUMNS;
const GRID_TOP = PAGE.margin + 30;
const CELL_HEIGHT = (CONTENT_BOTTOM - GRID_TOP) / ROWS;
const PHOTO_HEIGHT = 104;

/** "$12.00", "$12.00–$14.00", or "—" without a price. */
function priceText(range: { min: number; max: number } | null, single: number | null): string {
  if (range) return range.min === range.max ? dollars(range.min) : `${dollars(range.min)}–${dollars(range.max)}`;
  return single === null ? '—' : dollars(single);
}

function drawCover(doc: PDFKit.PDFDocument, input: LineSheetPdfInput): void {
  let y: number = PAGE.margin;
  const hasLogo = drawLogo(doc, input.seller.logo, PAGE.margin, y, 64);
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor(INK)
    .text(pdfText(input.seller.name), PAGE.margin + (hasLogo ? 76 : 0), y + (hasLogo ? 24 : 0), {
      width: CONTENT_WIDTH - 76,
      lineBreak: false,
      ellipsis: true,
    });
  y = 220;
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('LINE SHEET', PAGE.margin, y);
  doc
    .font('Helvetica-Bold')
    .fontSize(30)
    .fillColor(INK)
    .text(pdfText(input.title), PAGE.margin, y + 18, { width: CONTENT_WIDTH, height: 80, ellipsis: true });
  y = doc.y + 14;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + 120, y)
    .lineWidth(2)
    .strokeColor(INK)
    .stroke();
  y += 16;
  if (input.note) {
    // Line breaks are the seller's paragraphs; everything else is made safe for the font.
    const note = input.note
      .split(/\r?\n/)
      .map((line) => pdfText(line))
      .join('\n');
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(note, PAGE.margin, y, { width: CONTENT_WIDTH, height: 260, ellipsis: true });
    y = doc.y + 18;
  }
  const facts: [string, string][] = [
    ['Prices', input.priceListName ? `Wholesale, ${pdfText(input.priceListName)} (USD)` : 'Wholesale (USD)'],
    ['Products', String(input.products.length)],
    ['Date', formatDay(input.date)],
  ];
  if (input.shareUrl) facts.push(['Order online', input.shareUrl]);
  for (const [label, value] of facts) {
    const isLink = value === input.shareUrl;
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .fillColor(MUTED)
      .text(label.toUpperCase(), PAGE.margin, y, { characterSpacing: 0.5 });
    // A link is one clickable line in a smaller size (a token must not wrap at its dashes).
    doc
      .font('Helvetica')
      .fontSize(isLink ? 8.5 : 11)
      .fillColor(INK)
      .text(value, PAGE.margin + 100, y - (isLink ? 0 : 2), {
        width: CONTENT_WIDTH - 100,
        height: 14,
        ellipsis: true,
        ...(isLink ? { link: value, underline: true } : {}),
      });
    y += 22;
  }
}

function drawPageHeader(doc: PDFKit.PDFDocument, input: LineSheetPdfInput): void {
  const top = PAGE.margin;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(pdfText(input.seller.name), PAGE.margin, top, {
      width: CONTENT_WIDTH / 2 - 8,
      lineBreak: false,
      ellipsis: true,
    });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(pdfText(input.title), PAGE.margin + CONTENT_WIDTH / 2, top, {
      width: CONTENT_WIDTH / 2,
      align: 'right',
      lineBreak: false,
      ellipsis: true,
    });
  doc
    .moveTo(PAGE.margin, top + 16)
    .lineTo(PAGE.margin + CONTENT_WIDTH, top + 16)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
}

/** One line of text in the cell, cut with an ellipsis; answers the y below it. */
function line(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  font: string,
  size: number,
  color: string,
): number {
  doc
    .font(font)
    .fontSize(size)
    .fillColor(color)
    .text(text, x, y, { width: CELL_WIDTH, height: size * 1.25, ellipsis: true });
  return y + size + 3;
}

function drawProduct(
  doc: PDFKit.PDFDocument,
  p: LineSheetProduct,
  photo: Buffer | undefined,
  x: number,
  top: number,
): void {
  // The photo box: the picture fitted and centred, or a light frame without one.
  doc.rect(x, top, CELL_WIDTH, PHOTO_HEIGHT).lineWidth(0.5).strokeColor(RULE).stroke();
  if (photo) {
    try {
      doc.image(photo, x + 2, top + 2, { fit: [CELL_WIDTH - 4, PHOTO_HEIGHT - 4], align: 'center', valign: 'center' });
    } catch {
      // An unreadable picture leaves the frame empty; the product is still listed.
    }
  }
  const bottom = top + CELL_HEIGHT - 10;
  let y = top + PHOTO_HEIGHT + 6;
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor(INK)
    .text(pdfText(p.name), x, y, { width: CELL_WIDTH, height: 24, ellipsis: true });
  y = Math.min(doc.y, y + 24) + 2;
  const skus = p.variants.length > 0 ? null : pdfText(p.stock_keeping_unit);
  if (skus) y = line(doc, `SKU ${skus}`, x, y, 'Helvetica', 8, MUTED);
  y = line(
    doc,
    `Wholesale ${priceText(p.price_range, p.unit_price_in_cents)}${p.msrp_in_cents !== null ? `   Retail ${dollars(p.msrp_in_cents)}` : ''}`,
    x,
    y,
    'Helvetica-Bold',
    8.5,
    INK,
  );
  y = line(doc, pdfText(lineSheetOrderRules(p)), x, y, 'Helvetica', 8, MUTED);
  const w = p.ship_window;
  if (w?.ships_from && w.ships_until) {
    y = line(doc, `Pre-order · ships ${formatShipWindow(w.ships_from, w.ships_until)}`, x, y, 'Helvetica-Bold', 8, INK);
    if (w.order_by) y = line(doc, `Order by ${formatShipDay(w.order_by)}`, x, y, 'Helvetica', 8, INK);
  }
  if (p.variants.length === 0) return;
  for (const option of p.options) {
    if (y + 10 > bottom) break;
    y = line(doc, pdfText(`${option.name}: ${option.values.join(', ')}`), x, y, 'Helvetica', 7.5, INK);
  }
  if (isWide(p)) {
    drawVariantColumns(doc, p, x + CELL_WIDTH + GAP, top, bottom);
    return;
  }
  const room = Math.max(0, Math.floor((bottom - y) / VARIANT_LINE));
  const shown = p.variants.length <= room ? p.variants : p.variants.slice(0, Math.max(0, room - 1));
  for (const v of shown) y = line(doc, variantText(v), x, y, 'Helvetica', 7, INK) - 0.5;
  const more = p.variants.length - shown.length;
  if (more > 0) line(doc, `+ ${more} more variant${more === 1 ? '' : 's'}`, x, y, 'Helvetica-Oblique', 7, MUTED);
}

/** "M / Black  ·  TEE-M-BLK  ·  $12.00" */
function variantText(v: LineSheetProduct['variants'][number]): string {
  const price = v.unit_price_in_cents === null ? '—' : dollars(v.unit_price_in_cents);
  return [pdfText(v.title), pdfText(v.stock_keeping_unit), price].filter(Boolean).join('  ·  ');
}

/** Variant lines a product's own cell holds under its photo and facts. */
const CELL_VARIANTS = 4;
/** Variant lines one column of a wide cell holds. */
const VARIANT_LINE = 9.5;
const COLUMN_VARIANTS = Math.floor((CELL_HEIGHT - 26) / VARIANT_LINE);

/** A product with more variants than its cell holds takes a whole row: its variants in the two cells beside it. */
function isWide(p: LineSheetProduct): boolean {
  return p.variants.length > CELL_VARIANTS;
}

/** The variants of a wide product in two columns beside its cell; past them, how many more. */
function drawVariantColumns(
  doc: PDFKit.PDFDocument,
  p: LineSheetProduct,
  x: number,
  top: number,
  bottom: number,
): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(MUTED)
    .text(`${p.variants.length} VARIANTS`, x, top, { width: CELL_WIDTH, characterSpacing: 0.5 });
  const fits = COLUMN_VARIANTS * 2;
  const shown = p.variants.length <= fits ? p.variants : p.variants.slice(0, fits - 1);
  shown.forEach((v, i) => {
    const column = Math.floor(i / COLUMN_VARIANTS);
    const y = top + 14 + (i % COLUMN_VARIANTS) * VARIANT_LINE;
    if (y + VARIANT_LINE <= bottom) line(doc, variantText(v), x + column * (CELL_WIDTH + GAP), y, 'Helvetica', 7, INK);
  });
  const more = p.variants.length - shown.length;
  // A column's room ends here; the shared page lists every variant.
  if (more > 0) {
    const y = top + 14 + (COLUMN_VARIANTS - 1) * VARIANT_LINE;
    line(doc, `+ ${more} more variant${more === 1 ? '' : 's'}`, x + CELL_WIDTH + GAP, y, 'Helvetica-Oblique', 7, MUTED);
  }
}

/** The sheet as PDF bytes. */
export function renderLineSheet(input: LineSheetPdfInput): Promise<Buffer> {
  return renderPdf({ Title: pdfText(input.title) || 'Line sheet', Author: pdfText(input.seller.name) }, (doc) => {
    drawCover(doc, input);
    // The grid's next free cell on the page; a wide product starts a row and fills it.
    let slot = COLUMNS * ROWS;
    for (const p of input.products) {
      const wide = isWide(p);
      if (wide && slot % COLUMNS !== 0) slot += COLUMNS - (slot % COLUMNS);
      if (slot >= COLUMNS * ROWS) {
        doc.addPage();
        drawPageHeader(doc, input);
        slot = 0;
      }
      const col = slot % COLUMNS;
      const row = Math.floor(slot / COLUMNS);
      drawProduct(doc, p, input.photos.get(p.id), PAGE.margin + col * (CELL_WIDTH + GAP), GRID_TOP + row * CELL_HEIGHT);
      slot += wide ? COLUMNS : 1;
    }
    if (input.products.length === 0) {
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor(MUTED)
        .text('This line sheet lists no products yet.', PAGE.margin, 600);
    }
    numberPages(doc, pdfText(input.title) || 'Line sheet');
  });
}
