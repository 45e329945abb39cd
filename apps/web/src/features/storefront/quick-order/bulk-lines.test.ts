import { describe, expect, it } from 'vitest';
import { CART_LIMITS } from '@cratebase/contract';
import { addedQuantity, looksLikePastedLines, parsePastedLines } from './bulk-lines';

describe('parsePastedLines', () => {
  it('reads tab, comma, semicolon and space separated lines, skipping blanks and a header row', () => {
    const text = 'SKU\tQty\r\nABC-1\t12\n\n"XYZ, 9",3\nJAM-2; 4\nBAG-7   6\n';
    expect(parsePastedLines(text)).toEqual({
      lines: [
        { line: 2, sku: 'ABC-1', quantity: 12, mergedLines: [] },
        { line: 4, sku: 'XYZ, 9', quantity: 3, mergedLines: [] },
        { line: 5, sku: 'JAM-2', quantity: 4, mergedLines: [] },
        { line: 6, sku: 'BAG-7', quantity: 6, mergedLines: [] },
      ],
      problems: [],
    });
  });

  it('adds up a SKU named twice and names every line it cannot read', () => {
    const text = 'A-1, 2\nA-1, 5\nonly-a-sku\nB-2, 1.5\nC-3, 0\nD-4, -2\nE-5, 3, 4\nA-1\t1';
    const { lines, problems } = parsePastedLines(text);
    expect(lines).toEqual([{ line: 1, sku: 'A-1', quantity: 8, mergedLines: [2, 8] }]);
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [3, 'Write a SKU and a quantity, e.g. "ABC-123, 12"'],
      [4, 'The quantity "1.5" is not a whole number'],
      [5, 'The quantity must be at least 1'],
      [6, 'The quantity "-2" is not a whole number'],
      [7, 'Write a SKU and a quantity, e.g. "ABC-123, 12"'],
    ]);
  });

  it('only skips a header on the first line, and keeps a cart line within its limit', () => {
    const { lines, problems } = parsePastedLines(`A-1, 1\nSKU, Qty\nB-2, ${CART_LIMITS.lineQuantity + 1}`);
    expect(lines.map((l) => l.sku)).toEqual(['A-1']);
    expect(problems.map((p) => p.line)).toEqual([2, 3]);
    expect(problems[1]!.message).toBe('At most 9,999 of one product fit in a cart line');
  });

  it(`takes at most ${CART_LIMITS.lines} different SKUs`, () => {
    const text = Array.from({ length: CART_LIMITS.lines + 2 }, (_, i) => `S-${i}, 1`).join('\n');
    const { lines, problems } = parsePastedLines(text);
    expect(lines).toHaveLength(CART_LIMITS.lines);
    expect(problems.map((p) => p.line)).toEqual([CART_LIMITS.lines + 1, CART_LIMITS.lines + 2]);
  });
});

describe('looksLikePastedLines and addedQuantity', () => {
  it('tells a spreadsheet selection from one value', () => {
    expect(looksLikePastedLines('12')).toBe(false);
    expect(looksLikePastedLines(' 12 \n')).toBe(false);
    expect(looksLikePastedLines('A-1\t12')).toBe(true);
    expect(looksLikePastedLines('A-1, 2\nB-2, 3')).toBe(true);
  });

  it('adds to what the cart holds, within one line’s limit', () => {
    expect(addedQuantity(6, 12)).toBe(18);
    expect(addedQuantity(CART_LIMITS.lineQuantity - 1, 5)).toBe(CART_LIMITS.lineQuantity);
  });
});
