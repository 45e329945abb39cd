/**
 * The price list screens' form rules (issue 25 part 1), pure: the New / Edit dialog's checks
 * (the contract's PriceListInput rules, as sentences under each field), and the list editor's
 * drafts of fixed prices with their breaks ("12:4.10;24:3.90", as the catalogue CSV writes them)
 * and the server's issues (prices.N.…) put back on the rows they name.
 */
import {
  formatPriceBreaks,
  parsePriceBreaks,
  percentOffLabel,
  percentToBasisPoints,
  PRICE_LIST_LIMITS,
  volumeRuleIssues,
  type PriceBreak,
  type PriceList,
  type PriceListPricesInput,
  type PriceListRow,
} from '@cratebase/contract';
import { ApiError } from '../../../lib/api';
import { capitalised } from '../../../lib/field-issues';

/** "20% off wholesale", "Wholesale prices" for a list of fixed prices only. */
export const listPercentLabel = (list: Pick<PriceList, 'percent_off'>) =>
  percentOffLabel(percentToBasisPoints(list.percent_off));

export interface PriceListFormValues {
  name: string;
  /** The percentage as typed ("20", "12.5"); empty is 0. */
  percent: string;
}

export type PriceListFormProblems = Partial<Record<keyof PriceListFormValues, string>>;

const PERCENT_PATTERN = /^\d+(\.\d*)?$|^\.\d+$/;

/** The typed percentage as a number (empty: 0; "20%" is 20); NaN when it is not a number. */
export function percentFromText(text: string): number {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (trimmed === '') return 0;
  return PERCENT_PATTERN.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What the server would refuse (contract price-lists.ts PriceListInput), in the form's words. */
export function priceListFormProblems(values: PriceListFormValues): PriceListFormProblems {
  const problems: PriceListFormProblems = {};
  const name = values.name.trim();
  if (name === '') problems.name = 'Enter a name, such as Distributor';
  else if (name.length > PRICE_LIST_LIMITS.name) problems.name = `Must be at most ${PRICE_LIST_LIMITS.name} characters`;
  const typed = values.percent.trim().replace(/\s*%$/, '');
  const percent = percentFromText(typed);
  if (typed.startsWith('-')) problems.percent = 'Must not be negative';
  else if (Number.isNaN(percent)) problems.percent = 'Enter a number, such as 20 or 12.5';
  else if (percent > PRICE_LIST_LIMITS.percentOffMax) problems.percent = 'Must be below 100';
  else if (Math.abs(percent * 100 - Math.round(percent * 100)) > 1e-6)
    problems.percent = 'May have at most two decimals';
  return problems;
}

/** The form's values as the API's body: the name trimmed, the percentage a number. */
export function priceListBody(values: PriceListFormValues) {
  return { name: values.name.trim(), percent_off: percentFromText(values.percent) };
}

// ─── The list editor: a fixed price and its breaks per sellable row ────────────────────────────

/** A row's fixed price as edited: cents (null: the percentage applies) and the breaks' text. */
export interface RowDraft {
  cents: number | null;
  breaks: string;
}

export interface RowProblems {
  price?: string;
  breaks?: string;
  /** A problem of the row itself (e.g. its product was removed meanwhile). */
  row?: string;
}

/** The row's saved fixed price as a draft. */
export function savedDraft(row: PriceListRow): RowDraft {
  return { cents: row.fixed_price_in_cents, breaks: formatPriceBreaks(row.fixed_price_breaks) };
}

/** True when the draft would save something else than the row has. */
export function isChanged(row: PriceListRow, draft: RowDraft): boolean {
  const saved = savedDraft(row);
  if (draft.cents !== saved.cents) return true;
  const parsed = parsePriceBreaks(draft.breaks);
  return 'error' in parsed || formatPriceBreaks(parsed.breaks) !== saved.breaks;
}

/**
 * What the browser sees wrong in a draft before saving: breaks that do not read as
 * quantity:price, breaks without a fixed price, and the break rules that need no product facts
 * (quantities rising, prices falling and below the fixed price). The server checks the rest
 * (the product's minimum and increment).
 */
export function draftProblems(draft: RowDraft): RowProblems {
  const parsed = parsePriceBreaks(draft.breaks);
  if ('error' in parsed) return { breaks: capitalised(parsed.error) };
  if (parsed.breaks.length === 0) return {};
  if (draft.cents === null) return { breaks: 'Set a fixed price to use price breaks' };
  const [issue] = volumeRuleIssues({
    unit_price_in_cents: draft.cents,
    minimum_order_quantity: 1,
    order_increment: 1,
    price_breaks: parsed.breaks,
  });
  return issue ? { breaks: breakProblem(issue.path, issue.message) } : {};
}

/** "price_breaks.1.unit_price_in_cents: must be less than…" → "Break 2: must be less than…". */
function breakProblem(path: string, message: string): string {
  const index = /^price_breaks\.(\d+)/.exec(path)?.[1];
  return index === undefined ? capitalised(message) : `Break ${Number(index) + 1}: ${message}`;
}

/** The draft as one entry of PUT …/prices (empty breaks for a price without any). */
export function priceEntry(productId: string, draft: RowDraft): PriceListPricesInput['prices'][number] {
  const parsed = parsePriceBreaks(draft.breaks);
  const breaks: PriceBreak[] = 'error' in parsed ? [] : parsed.breaks;
  return draft.cents === null
    ? { product_id: productId, unit_price_in_cents: null }
    : { product_id: productId, unit_price_in_cents: draft.cents, price_breaks: breaks };
}

/**
 * A refused PUT …/prices's issues by the row they name: `prices.N.…` is the Nth row sent
 * (`sent`: their product ids in the order sent).
 */
export function serverRowProblems(error: unknown, sent: readonly string[]): Record<string, RowProblems> {
  const out: Record<string, RowProblems> = {};
  if (!(error instanceof ApiError)) return out;
  for (const issue of error.issues) {
    const m = /^prices\.(\d+)\.(.+)$/.exec(issue.path);
    const id = m ? sent[Number(m[1])] : undefined;
    if (!m || id === undefined) continue;
    const rest = m[2]!;
    const problems = (out[id] ??= {});
    if (rest === 'unit_price_in_cents') problems.price ??= capitalised(issue.message);
    else if (rest.startsWith('price_breaks')) problems.breaks ??= breakProblem(rest, issue.message);
    else problems.row ??= capitalised(issue.message);
  }
  return out;
}
