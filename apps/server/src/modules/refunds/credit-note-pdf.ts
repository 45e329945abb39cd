/**
 * A refund's credit note as a PDF (issue 21 part 2): the credit note number and status, the
 * seller and the buyer, the order and invoice it credits, what was given back — the lines with
 * their units and amounts, shipping, any adjustment — the total credited, how it went back (to
 * the card, or as a credit against an invoice paid by other means), and why.
 *
 * A pure function of the facts, so it is tested without a database; routes.ts reads the facts
 * and serves it behind a signed link (credit-note-links.ts).
 */
import { REFUND_REASON_LABELS, type RefundReason } from '@cratebase/contract';
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
  drawStatusDetails,
  drawTitleBand,
  formatDay,
  numberPages,
  pdfText,
  renderPdf,
  type SellerFacts,
} from '../../lib/pdf/toolkit.js';
import { cardLabel, formatUsd } from '../documents/invoice-pdf.js';

export interface CreditNoteInput {
  creditNoteNumber: string;
  status: 'pending' | 'succeeded' | 'failed';
  issuedAt: string | Date;
  /** The order it credits, by the number people know it by (its invoice's, CB-000001). */
  orderReference: string;
  invoiceNumber: string | null;
  poNumber: string | null;
  orderTotalCents: number;
  seller: SellerFacts;
  buyerName: string;
  amountCents: number;
  shippingCents: number;
  lines: { name: string; quantity: number; amountCents: number }[];
  reason: RefundReason;
  note: string | null;
  method: 'card' | 'credit_note';
  card: { brand: string; last4: string } | null;
  /** Made in the payments provider's dashboard (not in Cratebase). */
  fromProvider: boolean;
}

const STATUS: Record<CreditNoteInput['status'], { label: string; color: string }> = {
  succeeded: { label: 'REFUNDED', color: '#1b7f3b' },
  pending: { label: 'PROCESSING', color: '#8a6d00' },
  failed: { label: 'FAILED', color: '#b3261e' },
};

/** How the money went back, as the credit note says it. */
export function creditRouteLabel(input: Pick<CreditNoteInput, 'method' | 'card' | 'invoiceNumber'>): string {
  if (input.method === 'card')
    return input.card ? `Refunded to ${cardLabel(input.card)}` : 'Refunded to the card that paid';
  return input.invoiceNumber
    ? `Credit against invoice ${pdfText(input.invoiceNumber)} (paid by other means)`
    : 'Credit against the order (paid by other means)';
}

const COLUMNS = (() => {
  const qty = 60;
  const amount = 110;
  const item = CONTENT_WIDTH - qty - amount;
  return {
    item: { x: PAGE.margin, w: item },
    qty: { x: PAGE.margin + item, w: qty },
    amount: { x: PAGE.margin + item + qty, w: amount },
  };
})();

export function renderCreditNote(input: CreditNoteInput): Promise<Buffer> {
  const number = pdfText(input.creditNoteNumber);
  const sellerName = pdfText(input.seller.name) || 'Seller';
  const issued = formatDay(input.issuedAt);
  const status = STATUS[input.status];
  return renderPdf({ Title: `Credit note ${number}`, Author: sellerName }, (doc) => {
    const header = (continued: boolean): number =>
      drawTitleBand(
        doc,
        {
          logo: input.seller.logo,
          sellerName,
          title: `Credit note ${number}${continued ? ' (continued)' : ''}`,
          rightWidth: 250,
          titleSlack: 80,
          height: 62,
        },
        (x, y, width) => drawStatusDetails(doc, x, y, width, status, issued),
      );
    const tableHead = (y: number): number => {
      doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
      doc.text('ITEM', COLUMNS.item.x + 2, y, { width: COLUMNS.item.w - 4, lineBreak: false });
      doc.text('QTY', COLUMNS.qty.x, y, { width: COLUMNS.qty.w - 4, align: 'right', lineBreak: false });
      doc.text('CREDITED', COLUMNS.amount.x, y, { width: COLUMNS.amount.w - 2, align: 'right', lineBreak: false });
      return drawHeadRule(doc, y);
    };

    let y = header(false);
    const blockW = CONTENT_WIDTH / 3;
    const details = [
      `Order ${pdfText(input.orderReference)}`,
      ...(input.invoiceNumber && input.invoiceNumber !== input.orderReference
        ? [`Invoice ${pdfText(input.invoiceNumber)}`]
        : []),
      ...(input.poNumber ? [`PO number: ${pdfText(input.poNumber)}`] : []),
      `Order total ${formatUsd(input.orderTotalCents)}`,
    ];
    const bottoms = [
      drawBlock(
        doc,
        'From',
        [sellerName, ...(input.seller.address ? addressLines(input.seller.address) : [])],
        PAGE.margin,
        y,
        blockW - 12,
      ),
      drawBlock(doc, 'Credit to', [pdfText(input.buyerName) || 'Customer'], PAGE.margin + blockW, y, blockW - 12),
      drawBlock(doc, 'For', details, PAGE.margin + 2 * blockW, y, blockW - 12),
    ];
    y = Math.max(...bottoms) + 10;
    const why = [
      REFUND_REASON_LABELS[input.reason] ?? REFUND_REASON_LABELS.other,
      ...(input.note ? [pdfText(input.note.replace(/\s+/g, ' '))] : []),
    ];
    y = drawBlock(doc, 'Reason', why, PAGE.margin, y, CONTENT_WIDTH) + 6;
    const how = [creditRouteLabel(input), ...(input.fromProvider ? ['Made in the payments provider’s dashboard'] : [])];
    if (input.status === 'failed') how.push('The provider refused this refund: nothing was given back.');
    if (input.status === 'pending') how.push('The payments provider is still processing this refund.');
    y = drawBlock(doc, 'How', how, PAGE.margin, y, CONTENT_WIDTH) + 16;

    const rows: { name: string; quantity: string; amount: number }[] = [
      ...input.lines.map((l) => ({
        name: pdfText(l.name) || 'Item',
        quantity: String(l.quantity),
        amount: l.amountCents,
      })),
    ];
    if (input.shippingCents > 0) rows.push({ name: 'Shipping', quantity: '', amount: input.shippingCents });
    const itemized = rows.reduce((n, r) => n + r.amount, 0);
    if (rows.length === 0) rows.push({ name: 'Amount credited', quantity: '', amount: input.amountCents });
    else if (itemized !== input.amountCents) {
      // A full refund after an earlier refund of an amount: the items less what that one gave back.
      rows.push({ name: 'Less amounts credited before', quantity: '', amount: input.amountCents - itemized });
    }
    y = tableHead(y);
    for (const row of rows) {
      doc.font('Helvetica').fontSize(10);
      const h = Math.max(doc.heightOfString(row.name, { width: COLUMNS.item.w - 8 }), 12) + 10;
      if (y + h > CONTENT_BOTTOM) {
        doc.addPage();
        y = tableHead(header(true));
      }
      doc.fillColor(INK).text(row.name, COLUMNS.item.x + 2, y + 5, { width: COLUMNS.item.w - 8 });
      doc.text(row.quantity, COLUMNS.qty.x, y + 5, { width: COLUMNS.qty.w - 4, align: 'right' });
      doc.text(formatUsd(row.amount), COLUMNS.amount.x, y + 5, { width: COLUMNS.amount.w - 2, align: 'right' });
      y += h;
      doc
        .moveTo(PAGE.margin, y)
        .lineTo(PAGE.margin + CONTENT_WIDTH, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    }
    if (y + 40 > CONTENT_BOTTOM) {
      doc.addPage();
      y = header(true);
    }
    y += 12;
    doc.font('Helvetica-Bold').fontSize(12).fillColor(INK);
    doc.text('Total credited', PAGE.margin + CONTENT_WIDTH - 330, y, { width: 226, align: 'right', lineBreak: false });
    doc.text(formatUsd(input.status === 'failed' ? 0 : input.amountCents), PAGE.margin + CONTENT_WIDTH - 100, y, {
      width: 98,
      align: 'right',
      lineBreak: false,
    });
    numberPages(doc, `Credit note ${number}`);
  });
}
