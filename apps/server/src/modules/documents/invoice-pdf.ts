/**
 * The invoice of an order as a PDF (issue 10 item 4; DECISIONS "invoices": one per paid order,
 * served by our server, status OPEN / PAID / VOID): the invoice number and status, the seller
 * and the buyer, where it ships, the lines at the prices paid, subtotal, shipping and total, and
 * how it was settled — the paid date and card, or the due date.
 *
 * A pure function of the order (contract Order) and the invoice's facts, so it is tested without
 * a database; invoice-document.ts reads the facts and routes.ts serves it.
 */
import {
  CARD_BRAND_LABELS,
  INVOICE_PAYMENT_METHOD_LABELS,
  dollars,
  type CardBrand,
  type InvoicePaymentMethod,
  type Order,
} from '@cratebase/contract';
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
  poNumberLines,
  renderPdf,
  shipToLines,
  type SellerFacts,
} from '../../lib/pdf/toolkit.js';
import type { InvoiceStatus } from '../payments/sql.js';

/** Days a net-30 order has to pay. */
export const NET_TERMS_DAYS = 30;

export interface InvoiceInput {
  /** The submitted order with its lines at the prices paid. */
  order: Order;
  invoice: {
    number: string;
    status: InvoiceStatus;
    /** When the invoice was issued (the order's completion). */
    issuedAt: string | Date;
    paidAt: string | Date | null;
    /** On net terms (issue 13): the due day (YYYY-MM-DD) and the days given. */
    dueOn?: string | null;
    netDays?: number | null;
    /** How a PAID invoice was paid when the seller recorded it (check, ach, …). */
    paidMethod?: string | null;
    /** What the invoice asks: the order's total less what was cancelled off it while open (issue 23). */
    amountCents?: number;
  };
  /** The seller's name, business address and logo (PNG or JPEG; another format is left out). */
  seller: SellerFacts;
  /** The order was placed on net 30 terms: an open invoice is due 30 days after issue. */
  net30: boolean;
  /** The card charged, as the payments provider names the brand ("visa"); null when none was. */
  card: { brand: string; last4: string } | null;
  /** The shipping service paid for ("USPS Priority Mail"); null when unknown. */
  shippingMethod: string | null;
  /** The order's refunds, oldest first (issue 21): each with its credit note; failed ones are not printed. */
  refunds?: InvoiceRefundLine[];
  /**
   * Sales tax is never charged on wholesale orders; this says why (issue 25 part 5): contract
   * TAX_EXEMPT_LINE when the buyer had a valid resale certificate on file the day it ordered,
   * else TAX_NOT_CHARGED_LINE. Printed as the $0.00 sales tax row.
   */
  taxLine?: string;
}

/** A refund as the invoice lists it under the totals. */
export interface InvoiceRefundLine {
  creditNoteNumber: string;
  createdAt: string | Date;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
}

/** Integer cents → "$1,234.50" (integer arithmetic: no floating-point rounding). */
export const formatUsd = dollars;

/** "Visa •••• 4242". */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = card.brand.toLowerCase();
  const label = brand in CARD_BRAND_LABELS ? CARD_BRAND_LABELS[brand as CardBrand] : CARD_BRAND_LABELS.unknown;
  return `${label} •••• ${pdfText(card.last4)}`;
}

/** When an open invoice is due: 30 days after issue on net 30, else on receipt. */
export function dueLabel(issuedAt: string | Date, net30: boolean): string {
  if (!net30) return 'Due on receipt';
  const due = new Date(new Date(issuedAt).getTime() + NET_TERMS_DAYS * 24 * 60 * 60 * 1000);
  return `Due ${formatDay(due)}`;
}

/** "usps_priority" → "Priority", for a rate whose service name was not kept. */
export function serviceFromToken(carrier: string | null, token: string | null): string | null {
  if (!token) return null;
  const prefix = carrier ? `${carrier.toLowerCase()}_` : '';
  const rest = token.toLowerCase().startsWith(prefix) ? token.slice(prefix.length) : token;
  const words = rest.split(/[_\s]+/).filter(Boolean);
  return words.length ? words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ') : null;
}

/** "USPS Priority Mail"; a service name that already starts with the carrier is not doubled. */
export function shippingMethodLabel(carrier: string | null, service: string | null): string | null {
  const c = pdfText(carrier);
  const s = pdfText(service);
  if (!c) return s || null;
  if (!s) return c;
  return s.toLowerCase().startsWith(c.toLowerCase()) ? s : `${c} ${s}`;
}

const STATUS_COLOR: Record<InvoiceStatus, string> = { PAID: '#1b7f3b', OPEN: '#b3261e', VOID: MUTED };

const COLUMNS = (() => {
  const qty = 50;
  const unit = 90;
  const amount = 96;
  const item = CONTENT_WIDTH - qty - unit - amount;
  let x: number = PAGE.margin;
  const at = (w: number) => {
    const c = { x, w };
    x += w;
    return c;
  };
  return { item: at(item), qty: at(qty), unit: at(unit), amount: at(amount) };
})();
const CELL_PAD = 5;

/** The invoice as a PDF. */
export function renderInvoice(input: InvoiceInput): Promise<Buffer> {
  const { order, invoice, seller } = input;
  const number = pdfText(invoice.number);
  const sellerName = pdfText(seller.name) || 'Seller';
  const issued = formatDay(invoice.issuedAt);
  const lines = order.cart.line_items;

  return renderPdf({ Title: `Invoice ${number}`, Author: sellerName }, (doc) => {
    /** The title band of every page; answers the y below it. */
    const header = (continued: boolean): number =>
      drawTitleBand(
        doc,
        {
          logo: seller.logo,
          sellerName,
          title: `Invoice ${number}${continued ? ' (continued)' : ''}`,
          rightWidth: 230,
          titleSlack: 80,
          height: 62,
        },
        (x, y, width) =>
          drawStatusDetails(doc, x, y, width, { label: invoice.status, color: STATUS_COLOR[invoice.status] }, issued),
      );

    const tableHead = (y: number): number => {
      doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
      doc.text('ITEM', COLUMNS.item.x + 2, y, { width: COLUMNS.item.w - 4, lineBreak: false });
      doc.text('QTY', COLUMNS.qty.x, y, { width: COLUMNS.qty.w - 4, align: 'right', lineBreak: false });
      doc.text('UNIT PRICE', COLUMNS.unit.x, y, { width: COLUMNS.unit.w - 4, align: 'right', lineBreak: false });
      doc.text('AMOUNT', COLUMNS.amount.x, y, { width: COLUMNS.amount.w - 2, align: 'right', lineBreak: false });
      return drawHeadRule(doc, y);
    };

    // Who, where, and how it was settled.
    let y = header(false);
    const blockW = CONTENT_WIDTH / 3;
    const placedBy = pdfText(order.created_by_user?.name || order.created_by_user?.email);
    const settlement: string[] = [
      // The order goes by its number everywhere (its invoice's: the same, CB-000123).
      `Order ${pdfText(order.order_number) || number}`,
      ...poNumberLines(order),
      `Issued ${issued}`,
    ];
    if (invoice.status === 'PAID') {
      if (invoice.paidAt) settlement.push(`Paid ${formatDay(invoice.paidAt)}`);
      if (input.card) settlement.push(`Paid with ${cardLabel(input.card)}`);
      else if (invoice.paidMethod && invoice.paidMethod in INVOICE_PAYMENT_METHOD_LABELS) {
        settlement.push(
          `Paid by ${INVOICE_PAYMENT_METHOD_LABELS[invoice.paidMethod as InvoicePaymentMethod].toLowerCase()}`,
        );
      }
    } else if (invoice.status === 'OPEN' && invoice.dueOn) {
      settlement.push(`Due ${formatDay(`${invoice.dueOn}T12:00:00Z`)}`);
      if (invoice.netDays) settlement.push(`Terms: net ${invoice.netDays}`);
    } else if (invoice.status === 'OPEN') {
      settlement.push(dueLabel(invoice.issuedAt, input.net30));
      if (input.net30) settlement.push(`Terms: net ${NET_TERMS_DAYS}`);
    } else {
      settlement.push('Voided: nothing is owed');
    }
    const bottoms = [
      drawBlock(
        doc,
        'From',
        [sellerName, ...(seller.address ? addressLines(seller.address) : [])],
        PAGE.margin,
        y,
        blockW - 12,
      ),
      drawBlock(
        doc,
        'Bill to',
        [pdfText(order.organization.name), ...(placedBy ? [`Placed by ${placedBy}`] : [])],
        PAGE.margin + blockW,
        y,
        blockW - 12,
      ),
      drawBlock(doc, 'Ship to', shipToLines(order.shipping_address), PAGE.margin + 2 * blockW, y, blockW - 12),
    ];
    y = Math.max(...bottoms) + 10;
    y = drawBlock(doc, 'Details', settlement, PAGE.margin, y, CONTENT_WIDTH) + 16;
    y = tableHead(y);

    for (const line of lines) {
      const name = pdfText(line.name) || 'Item';
      const sku = pdfText(line.stock_keeping_unit);
      doc.font('Helvetica').fontSize(10);
      const nameH = doc.heightOfString(name, { width: COLUMNS.item.w - 8 });
      const skuH = sku ? 11 : 0;
      const rowH = Math.max(nameH + skuH, 12) + 2 * CELL_PAD;
      if (y + rowH > CONTENT_BOTTOM) {
        doc.addPage();
        y = tableHead(header(true));
      }
      const textY = y + CELL_PAD;
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(name, COLUMNS.item.x + 2, textY, { width: COLUMNS.item.w - 8 });
      if (sku) {
        doc
          .fontSize(8)
          .fillColor(MUTED)
          .text(`SKU ${sku}`, COLUMNS.item.x + 2, textY + nameH + 1, { width: COLUMNS.item.w - 8 });
      }
      doc.fontSize(10).fillColor(INK);
      doc.text(String(line.quantity), COLUMNS.qty.x, textY, { width: COLUMNS.qty.w - 4, align: 'right' });
      doc.text(formatUsd(line.unit_price_in_cents), COLUMNS.unit.x, textY, {
        width: COLUMNS.unit.w - 4,
        align: 'right',
      });
      doc.text(formatUsd(line.line_total_cents), COLUMNS.amount.x, textY, {
        width: COLUMNS.amount.w - 2,
        align: 'right',
      });
      y += rowH;
      doc
        .moveTo(PAGE.margin, y)
        .lineTo(PAGE.margin + CONTENT_WIDTH, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    }

    // The totals, kept together.
    const shipping = input.shippingMethod ? `Shipping (${pdfText(input.shippingMethod)})` : 'Shipping';
    const settled =
      invoice.status === 'PAID' ? 'Amount paid' : invoice.status === 'OPEN' ? 'Amount due' : 'Amount due (void)';
    // Units cancelled while the invoice was open came off it (issue 23): it asks for less than the order came to.
    const takenOff = Math.max(0, order.total_cents - (invoice.amountCents ?? order.total_cents));
    const rows: { label: string; value: string; bold?: boolean }[] = [
      { label: 'Subtotal', value: formatUsd(order.subtotal_cents) },
      { label: shipping, value: formatUsd(order.shipping_cost_in_cents) },
      ...(input.taxLine ? [{ label: pdfText(input.taxLine), value: formatUsd(0) }] : []),
      { label: 'Total', value: formatUsd(order.total_cents), bold: true },
      ...(takenOff > 0 && invoice.status !== 'VOID' ? [{ label: 'Taken off (cancelled or claimed items)', value: formatUsd(-takenOff) }] : []),
      {
        label: settled,
        value: formatUsd(invoice.status === 'VOID' ? 0 : (invoice.amountCents ?? order.total_cents)),
      },
    ];
    // Refunds given back (each has its own credit note), and what the buyer paid net of them.
    const refunds = (input.refunds ?? []).filter((r) => r.status !== 'failed');
    for (const r of refunds) {
      const when = formatDay(r.createdAt);
      rows.push({
        label: `Refund ${pdfText(r.creditNoteNumber)}, ${when}${r.status === 'pending' ? ' (processing)' : ''}`,
        value: formatUsd(-r.amountCents),
      });
    }
    if (refunds.length > 0) {
      const refunded = refunds.reduce((n, r) => n + r.amountCents, 0);
      rows.push({ label: 'Net paid', value: formatUsd((invoice.amountCents ?? order.total_cents) - refunded), bold: true });
    }
    if (y + 16 + rows.length * 18 > CONTENT_BOTTOM) {
      doc.addPage();
      y = header(true);
    }
    y += 10;
    const labelX = PAGE.margin + CONTENT_WIDTH - 330;
    for (const row of rows) {
      doc
        .font(row.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(row.bold ? 12 : 10)
        .fillColor(INK);
      doc.text(row.label, labelX, y, { width: 226, align: 'right', lineBreak: false });
      doc.text(row.value, PAGE.margin + CONTENT_WIDTH - 100, y, { width: 98, align: 'right', lineBreak: false });
      y += row.bold ? 20 : 16;
    }

    numberPages(doc, `Invoice ${number}`);
  });
}
