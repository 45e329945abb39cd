/**
 * The packing slip of a submitted order (issue 10 item 3): a Letter-size PDF for the person who
 * packs the box — the seller's name and logo, the order number and date, where it ships from and
 * to, who bought it, and the lines with SKU, name, order unit and quantity beside an empty box to
 * tick. No prices: the slip travels in the box. Long orders run onto more pages, each repeating
 * the title and the table's column heads, and every page is numbered.
 *
 * A pure function of the order (contract Order, lines as bought) and the seller's facts, so it is
 * tested without a database; `sellerFacts` (seller-facts.ts) reads those facts (name, business
 * address, logo). The PDF helpers are lib/pdf/toolkit.ts, shared with the invoice and the credit note.
 */
import { shipWindowHeading, type Order, type OrderLine } from '@cratebase/contract';
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  INK,
  MUTED,
  PAGE,
  RULE,
  addressLines,
  drawBlock,
  drawHeadRule,
  drawTitleBand,
  formatDay,
  numberPages,
  orderNumber,
  pdfText,
  poNumberLines,
  renderPdf,
  shipToLines,
  type SellerFacts,
} from '../../lib/pdf/toolkit.js';

export interface PackingSlipInput {
  /** The submitted order with its lines as bought; printed by its number (`order_number`, CB-000123). */
  order: Order;
  /** One shipment's slip (issue 23): its number, and its lines' units instead of the order's. */
  shipment?: { number: number; lines: readonly { line_item_id: string; quantity: number }[] };
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
  const number = orderNumber(input.order);
  const sellerName = pdfText(input.seller.name) || 'Seller';
  return renderPdf({ Title: `Packing slip ${number}`, Author: sellerName }, (doc) => drawPackingSlip(doc, input));
}

/**
 * Several orders' packing slips in one PDF (the Orders workspace's bulk action, issue 23): each
 * starts on a new page and numbers its own pages, as if printed one by one.
 */
export function renderPackingSlips(inputs: readonly PackingSlipInput[]): Promise<Buffer> {
  const sellerName = pdfText(inputs[0]?.seller.name) || 'Seller';
  return renderPdf({ Title: `Packing slips (${inputs.length})`, Author: sellerName }, (doc) => {
    inputs.forEach((input, i) => {
      if (i > 0) doc.addPage();
      drawPackingSlip(doc, input);
    });
  });
}

/**
 * The lines a slip packs (issue 23): one shipment's units, or — for the whole order — each line's
 * units not cancelled (a line cancelled in full is left out).
 */
export function slipLines(order: Order, shipment?: PackingSlipInput['shipment']): OrderLine[] {
  const lines = order.cart.line_items;
  if (shipment) {
    return shipment.lines.flatMap((s) => {
      const line = lines.find((l) => l.id === s.line_item_id);
      return line ? [{ ...line, quantity: s.quantity }] : [];
    });
  }
  return lines.map((l) => ({ ...l, quantity: l.quantity - (l.cancelled_quantity ?? 0) })).filter((l) => l.quantity > 0);
}

/** Draws one packing slip from the document's current (empty) page on. */
function drawPackingSlip(doc: PDFKit.PDFDocument, input: PackingSlipInput): void {
  const { order, seller } = input;
  const number = orderNumber(order);
  const sellerName = pdfText(seller.name) || 'Seller';
  const day = formatDay(order.completed_on);
  const lines = slipLines(order, input.shipment);
  const firstPage = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
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
        doc.text(input.shipment ? `Order ${number} · Shipment ${input.shipment.number}` : `Order ${number}`, x, y, {
          width,
          align: 'right',
        });
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
  const placedBy = pdfText(order.created_by_user?.name || order.created_by_user?.email);
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
    // A pre-order line says when it ships (issue 25): it may be packed later than the rest.
    const name = (pdfText(line.name) || 'Item') + (line.ships_from && line.ships_until ? `\n${shipWindowHeading({ ships_from: line.ships_from, ships_until: line.ships_until })}` : '');
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

  numberPages(doc, `Packing slip ${number}`, firstPage);
  // Later slips go on after this one's last page.
  const range = doc.bufferedPageRange();
  doc.switchToPage(range.start + range.count - 1);
}
