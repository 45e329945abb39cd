import { describe, expect, it } from 'vitest';
import {
  addValuesProblem,
  followOptions,
  rowTitle,
  splitValues,
  stockChanges,
  variantProblems,
  type OptionRow,
  type VariantRow,
} from './variants-form';

const size: OptionRow = { key: 'size', name: 'Size', values: ['S', 'M', 'L'] };
const colour: OptionRow = { key: 'colour', name: 'Colour', values: ['Black', 'White'] };
const row = (optionValues: string[], change: Partial<VariantRow> = {}): VariantRow => ({
  id: null,
  optionValues,
  sku: '',
  priceCents: 1200,
  stock: '',
  available: true,
  ...change,
});
const titles = (rows: VariantRow[]) => rows.map(rowTitle);

describe('followOptions (the grid follows the options)', () => {
  it('makes every combination, first option slowest, new rows at the default price', () => {
    const rows = followOptions([], [size, colour], [], 999);
    expect(titles(rows)).toEqual(['S / Black', 'S / White', 'M / Black', 'M / White', 'L / Black', 'L / White']);
    expect(rows.every((r) => r.priceCents === 999 && r.id === null && r.available)).toBe(true);
  });

  it('keeps rows as edited, keeps a removed combination removed, and adds the combinations of a new value', () => {
    const rows = followOptions([], [size], [], 1000).map((r, i) => ({ ...r, id: `v${i}`, sku: `T-${i}` }));
    const withoutM = rows.filter((r) => r.optionValues[0] !== 'M');
    const xl = { ...size, values: [...size.values, 'XL'] };
    const next = followOptions([size], [xl], withoutM, 1500);
    expect(titles(next)).toEqual(['S', 'L', 'XL']);
    expect(next.map((r) => [r.id, r.sku, r.priceCents])).toEqual([
      ['v0', 'T-0', 1000],
      ['v2', 'T-2', 1000],
      [null, '', 1500],
    ]);
  });

  it('gives existing rows the first value of an option added, and keeps one row per combination when one is removed', () => {
    const sized = followOptions([], [size], [], 1000).map((r, i) => ({ ...r, id: `v${i}` }));
    const both = followOptions([size], [size, colour], sized, 1000);
    expect(both.filter((r) => r.id).map((r) => [r.id, rowTitle(r)])).toEqual([
      ['v0', 'S / Black'],
      ['v1', 'M / Black'],
      ['v2', 'L / Black'],
    ]);
    expect(both).toHaveLength(6);
    const colours = followOptions([size, colour], [colour], both, 1000);
    expect(colours.map((r) => [r.id, rowTitle(r)])).toEqual([
      ['v0', 'Black'],
      [null, 'White'],
    ]);
    expect(followOptions([size], [], sized, 1000)).toEqual([]);
  });

  it('keeps the rows (and their ids) while a new option has no value yet, then gives them its first value', () => {
    const sized = followOptions([], [size], [], 1000).map((r, i) => ({ ...r, id: `v${i}` }));
    const empty: OptionRow = { key: 'colour', name: 'Colour', values: [] };
    const waiting = followOptions([size], [size, empty], sized, 1000);
    expect(waiting).toEqual(sized);
    const black = followOptions([size, empty], [size, { ...empty, values: ['Black'] }], waiting, 1000);
    expect(black.map((r) => [r.id, rowTitle(r)])).toEqual([
      ['v0', 'S / Black'],
      ['v1', 'M / Black'],
      ['v2', 'L / Black'],
    ]);
  });

  it('follows a value moved (the grid order) and renamed options', () => {
    const rows = followOptions([], [size], [], 1000);
    const moved = { ...size, name: 'Fit', values: ['L', 'S', 'M'] };
    expect(titles(followOptions([size], [moved], rows, 1000))).toEqual(['L', 'S', 'M']);
  });
});

describe('option values as typed', () => {
  it('splits a paste of "S, M, L" or lines', () => {
    expect(splitValues(' S, M ,L,, ')).toEqual(['S', 'M', 'L']);
    expect(splitValues('Black\nWhite\n')).toEqual(['Black', 'White']);
  });

  it('refuses a value already there (any case) and more than 2,048 combinations', () => {
    expect(addValuesProblem([size], 0, ['m'])).toBe('“m” is already a value of Size');
    expect(addValuesProblem([size], 0, ['XL', 'XL'])).toBe('“XL” is already a value of Size');
    expect(addValuesProblem([size], 0, ['XL'])).toBeNull();
    const many = (key: string, n: number): OptionRow => ({
      key,
      name: key,
      values: Array.from({ length: n }, (_, i) => `${key}${i}`),
    });
    expect(addValuesProblem([many('a', 20), many('b', 10), many('c', 10)], 2, ['c10', 'c11'])).toBe(
      'That makes 2,400 variants; a product has at most 2,048',
    );
  });
});

describe('variantProblems', () => {
  it('shows duplicate names and SKUs as typed, a missing name or value once Save was tried', () => {
    const blank: OptionRow = { key: 'x', name: '', values: [] };
    expect(variantProblems([size, blank], [], false, false)).toEqual({});
    expect(variantProblems([size, blank], [], false, true)).toEqual({
      'options.1.name': 'Option name is required',
      'options.1.values': 'Must have at least one value',
    });
    expect(variantProblems([size, { ...colour, name: 'size' }], [], false, false)).toEqual({
      'options.1.name': 'Option name "size" is already an option of this product',
    });
    const rows = [row(['S'], { sku: 'T-1' }), row(['M'], { sku: 'T-1' }), row(['L'], { stock: '2.5' })];
    expect(variantProblems([size], rows, true, false)).toEqual({
      'variants.1.stock_keeping_unit': '"T-1" is already the SKU of variant 1',
      'variants.2.stock': 'Enter a whole number',
    });
  });
});

describe('stockChanges', () => {
  it('records the counts typed differently from the saved ones, new rows by the ids of the answer', () => {
    const before = [row(['S'], { id: 'v1', stock: '5' }), row(['M'], { id: 'v2', stock: '5' })];
    const typed = [
      row(['S'], { id: 'v1', stock: '5' }),
      row(['M'], { id: 'v2', stock: '8' }),
      row(['L'], { stock: '3' }),
      row(['XL'], { stock: '' }),
    ];
    const answer = {
      variants: [
        { id: 'v1', option_values: ['S'] },
        { id: 'v2', option_values: ['M'] },
        { id: 'v3', option_values: ['L'] },
        { id: 'v4', option_values: ['XL'] },
      ],
    } as Parameters<typeof stockChanges>[2];
    expect(stockChanges(typed, before, answer)).toEqual([
      { id: 'v2', count: 8 },
      { id: 'v3', count: 3 },
    ]);
  });
});
