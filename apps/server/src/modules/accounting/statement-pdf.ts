/**
 * A customer's statement as a PDF (issue 26): the seller and the customer, the period, the
 * opening balance, every invoice, payment, credit note and refund of the period in date order
 * with a running balance, the closing balance, and the aging of what is owed at the period's
 * end (current, 1–30, 31–60, 61–90, 90+ days past due). Days are UTC days.
 *
 * A pure function of the facts (statementInput builds them from service.ts's read), so it is
 * tested without a database.
 */
import { AGING_BUCKETS, agingBucket, dollars, type AgingBucket } from '@cratebase/contract';
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
  pdfText,
  renderPdf,
  type SellerFacts,
} from '../../lib/pdf/toolkit.js';
import type { StatementEntry, StatementFacts } from './service.js';

export interface StatementInput {
  seller: SellerFacts;
  facts: StatementFacts;
}

/** A statement line with the balance after it. */
export interface StatementRow {
  on_day: string;
  activity: string;
  reference: string;
  due_on: string | null;
  charge_cents: number;
  credit_cents: number;
  balance_cents: number;
}

const PAYMENT_METHODS: Record<string, string> = {
  card: 'card',
  check: 'check',
  ach: 'ACH',
  wire: 'wire',
  cash: 'cash',
  other: 'other means',
};

/** What a ledger entry was, as the statement words it. */
export function activityLabel(entry: StatementEntry): string {
  switch (entry.kind) {
    case 'invoice':
      return 'Invoice';
    case 'payment':
      return `Payment by ${PAYMENT_METHODS[entry.detail ?? 'other'] ?? 'other means'}`;
    case 'credit_note':
      return entry.detail ? `Credit note for ${entry.detail}` : 'Credit note';
    case 'refund':
      return entry.detail === 'card' ? 'Refund paid to card' : 'Refund paid';
  }
}

/** The period's lines with their running balance, from the opening balance. */
export function statementRows(facts: Pick<StatementFacts, 'opening_cents' | 'entries'>): StatementRow[] {
  let balance = facts.opening_cents;
  return facts.entries.map((e) => {
    balance += e.amount_cents;
    return {
      on_day: e.on_day,
      activity: activityLabel(e),
      reference: e.reference,
      due_on: e.due_on,
      charge_cents: Math.max(e.amount_cents, 0),
      credit_cents: Math.max(-e.amount_cents, 0),
      balance_cents: balance,
    };
  });
}

/** What is owed at the period's end by bucket of days past due. */
export function agingTotals(facts: Pick<StatementFacts, 'open_invoices'>): Record<AgingBucket, number> {
  const totals = Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;
  for (const invoice of facts.open_invoices) totals[agingBucket(invoice.days_overdue)] += invoice.amount_cents;
  return totals;
}

export const AGING_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  '1-30': '1-30 days',
  '31-60': '31-60 days',
  '61-90': '61-90 days',
  '90+': 'Over 90 days',
};

/** The table's columns, left to right. */
const COLUMNS = (() => {
  const widths = { date: 72, activity: 138, reference: 66, due: 66, charge: 58, credit: 58, balance: 0 };
  widths.balance = CONTENT_WIDTH - Object.values(widths).reduce((a, b) => a + b, 0);
  let x = PAGE.margin;
  const at = {} as Record<keyof typeof widths, { x: number; w: number }>;
  for (const key of Object.keys(widths) as (keyof typeof widths)[]) {
    at[key] = { x, w: widths[key] };
    x += widths[key];
  }
  return at;
})();

const shortDay = (day: string | null) => (day ? formatDay(`${day}T00:00:00Z`).replace(/^(\w{3})\w* /, '$1 ') : '');

export function renderStatement(input: StatementInput): Promise<Buffer> {
  const { facts } = input;
  const sellerName = pdfText(input.seller.name) || 'Seller';
  const customerName = pdfText(facts.customer.name) || 'Customer';
  const period = `${formatDay(`${facts.from}T00:00:00Z`)} to ${formatDay(`${facts.to}T00:00:00Z`)}`;
  const rows = statementRows(facts);
  const closing = rows.length > 0 ? rows[rows.length - 1]!.balance_cents : facts.opening_cents;
  const aging = agingTotals(facts);

  return renderPdf({ Title: `Statement for ${customerName}`, Author: sellerName }, (doc) => {
    const header = (continued: boolean): number =>
      drawTitleBand(
        doc,
        { logo: input.seller.logo, sellerName, title: `Statement${continued ? ' (continued)' : ''}`, rightWidth: 250, titleSlack: 40, height: 62 },
        (x, y, width) => {
          doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(period, x, y, { width, align: 'right' });
          doc.text('Days in UTC, amounts in US dollars', x, y + 14, { width, align: 'right' });
        },
      );
    const tableHead = (y: number): number => {
      doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
      const head = (key: keyof typeof COLUMNS, label: string, align: 'left' | 'right' = 'left') =>
        doc.text(label, COLUMNS[key].x + 2, y, { width: COLUMNS[key].w - 4, align, lineBreak: false });
      head('date', 'DATE');
      head('activity', 'ACTIVITY');
      head('reference', 'REFERENCE');
      head('due', 'DUE');
      head('charge', 'CHARGES', 'right');
      head('credit', 'CREDITS', 'right');
      head('balance', 'BALANCE', 'right');
      return drawHeadRule(doc, y);
    };
    const row = (y: number, cells: Partial<Record<keyof typeof COLUMNS, string>>, bold = false): number => {
      if (y + 18 > CONTENT_BOTTOM) {
        doc.addPage();
        y = tableHead(header(true));
      }
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(INK);
      for (const key of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
        const value = cells[key];
        if (!value) continue;
        const right = key === 'charge' || key === 'credit' || key === 'balance';
        doc.text(value, COLUMNS[key].x + 2, y + 4, { width: COLUMNS[key].w - 4, align: right ? 'right' : 'left', lineBreak: false });
      }
      const below = y + 16;
      doc.moveTo(PAGE.margin, below).lineTo(PAGE.margin + CONTENT_WIDTH, below).lineWidth(0.5).strokeColor(RULE).stroke();
      return below;
    };

    let y = header(false);
    const half = CONTENT_WIDTH / 2;
    const seller = [sellerName, ...(input.seller.address ? addressLines(input.seller.address) : [])];
    const address = facts.customer.address;
    const customer = [customerName, ...(address ? addressLines(address) : [])];
    y = Math.max(drawBlock(doc, 'From', seller, PAGE.margin, y, half - 12), drawBlock(doc, 'Statement for', customer, PAGE.margin + half, y, half - 12)) + 12;

    // The summary: what was owed, what is owed.
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    doc.text(`Opening balance on ${formatDay(`${facts.from}T00:00:00Z`)}: ${dollars(facts.opening_cents)}`, PAGE.margin, y, { width: CONTENT_WIDTH });
    doc.font('Helvetica-Bold').text(`Closing balance on ${formatDay(`${facts.to}T00:00:00Z`)}: ${dollars(closing)}`, PAGE.margin, y + 14, { width: CONTENT_WIDTH });
    y += 40;

    y = tableHead(y);
    y = row(y, { date: shortDay(facts.from), activity: 'Opening balance', balance: dollars(facts.opening_cents) }, true);
    for (const r of rows) {
      y = row(y, {
        date: shortDay(r.on_day),
        activity: r.activity,
        reference: pdfText(r.reference),
        due: shortDay(r.due_on),
        charge: r.charge_cents ? dollars(r.charge_cents) : '',
        credit: r.credit_cents ? dollars(r.credit_cents) : '',
        balance: dollars(r.balance_cents),
      });
    }
    y = row(y, { date: shortDay(facts.to), activity: 'Closing balance', balance: dollars(closing) }, true);

    // The aging of what is owed at the period's end.
    if (y + 70 > CONTENT_BOTTOM) {
      doc.addPage();
      y = header(true);
    }
    y += 18;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(`AGING ON ${formatDay(`${facts.to}T00:00:00Z`).toUpperCase()} (DAYS PAST DUE)`, PAGE.margin, y, {
      width: CONTENT_WIDTH,
      characterSpacing: 0.5,
    });
    y += 14;
    const cell = CONTENT_WIDTH / (AGING_BUCKETS.length + 1);
    const labels = [...AGING_BUCKETS.map((b) => AGING_LABELS[b]), 'Total due'];
    const owed = AGING_BUCKETS.reduce((sum, b) => sum + aging[b], 0);
    const values = [...AGING_BUCKETS.map((b) => dollars(aging[b])), dollars(owed)];
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
    labels.forEach((label, n) => doc.text(label, PAGE.margin + n * cell, y, { width: cell - 6, align: 'right', lineBreak: false }));
    y = drawHeadRule(doc, y);
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    values.forEach((value, n) => doc.text(value, PAGE.margin + n * cell, y + 5, { width: cell - 6, align: 'right', lineBreak: false }));
    numberPages(doc, `Statement for ${customerName}`);
  });
}
