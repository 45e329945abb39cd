/**
 * The quick order's arithmetic and the reading of "SKU, quantity" lines pasted from a
 * spreadsheet (pure; its fetchers are in api.ts). The sheet and a paste ADD to the cart: a
 * typed 12 for a product the cart holds 6 of asks the server for a line of 18.
 */
import { CART_LIMITS, type Cart } from '@cratebase/contract';

/** How many of the product the cart holds (0 when none): by product id or by SKU. */
export function heldQuantity(cart: Cart, key: { product_id?: string; stock_keeping_unit?: string }): number {
  const line = cart.line_items.find((l) =>
    key.product_id !== undefined ? l.product.id === key.product_id : l.product.stock_keeping_unit === key.stock_keeping_unit,
  );
  return line?.quantity ?? 0;
}

/** Adds `quantity` to what the cart holds, within what one line may hold. */
export function addedQuantity(held: number, quantity: number): number {
  return Math.min(CART_LIMITS.lineQuantity, held + quantity);
}

// ─── Pasted lines ────────────────────────────────────────────────────────────────────
export interface PastedLine {
  /** The first line (1-based) of the paste that named this SKU. */
  line: number;
  sku: string;
  quantity: number;
  /** Other lines that named the same SKU; their quantities are added in. */
  mergedLines: number[];
}

export interface PasteProblem {
  line: number;
  text: string;
  message: string;
}

/** The fields of one line split at `separator`, a field in double quotes keeping it ("a, b" and "" for a quote). */
function fieldsOf(text: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === separator) {
      fields.push(field.trim());
      field = '';
    } else field += c;
  }
  fields.push(field.trim());
  return fields.filter((f) => f !== '');
}

/** "SKU<tab>12", "SKU,12", "SKU;12" or "SKU 12" → its two fields; null when there are not two. */
function splitLine(text: string): [string, string] | null {
  const outsideQuotes = text.replace(/"(?:[^"]|"")*"/g, '');
  for (const separator of ['\t', ',', ';']) {
    if (outsideQuotes.includes(separator)) {
      const fields = fieldsOf(text, separator);
      return fields.length === 2 ? [fields[0]!, fields[1]!] : null;
    }
  }
  const match = /^(\S+)\s+(\S+)$/.exec(text.trim());
  return match ? [match[1]!, match[2]!] : null;
}

/** A header row such as "SKU, Qty" (its second field is not a number but names a quantity). */
const isHeader = (quantityField: string) => /^(qty|quantity|quantities|units|amount|count)$/i.test(quantityField);

/**
 * Reads lines of "SKU, quantity" as a spreadsheet copies them (tab-separated) or as typed
 * (comma, semicolon or space). Blank lines and a header row are skipped; a SKU named twice is
 * one line with the quantities added. Every line that cannot be read is a problem naming it.
 */
export function parsePastedLines(text: string): { lines: PastedLine[]; problems: PasteProblem[] } {
  const lines: PastedLine[] = [];
  const problems: PasteProblem[] = [];
  const bySku = new Map<string, PastedLine>();
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    const textOfLine = raw.trim();
    if (textOfLine === '') return;
    const fields = splitLine(textOfLine);
    if (!fields) {
      problems.push({ line, text: textOfLine, message: 'Write a SKU and a quantity, e.g. "ABC-123, 12"' });
      return;
    }
    const [sku, quantityText] = fields;
    if (lines.length === 0 && problems.length === 0 && isHeader(quantityText)) return;
    if (!/^\d+$/.test(quantityText)) {
      problems.push({ line, text: textOfLine, message: `The quantity "${quantityText}" is not a whole number` });
      return;
    }
    const quantity = Number(quantityText);
    if (quantity === 0) {
      problems.push({ line, text: textOfLine, message: 'The quantity must be at least 1' });
      return;
    }
    const earlier = bySku.get(sku);
    if (earlier) {
      earlier.quantity += quantity;
      earlier.mergedLines.push(line);
      return;
    }
    if (lines.length >= CART_LIMITS.lines) {
      problems.push({ line, text: textOfLine, message: `At most ${CART_LIMITS.lines} products can be added at once` });
      return;
    }
    const entry: PastedLine = { line, sku, quantity, mergedLines: [] };
    bySku.set(sku, entry);
    lines.push(entry);
  });
  for (const entry of lines) {
    if (entry.quantity > CART_LIMITS.lineQuantity) {
      problems.push({
        line: entry.line,
        text: entry.sku,
        message: `At most ${CART_LIMITS.lineQuantity.toLocaleString('en-US')} of one product fit in a cart line`,
      });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { lines: lines.filter((entry) => entry.quantity <= CART_LIMITS.lineQuantity), problems };
}

/** Whether pasted text holds several lines or cells (a spreadsheet selection), not one value. */
export function looksLikePastedLines(text: string): boolean {
  return /[\r\n\t]/.test(text.trim());
}
