import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, exportHandle, readCsvRecords } from './csv.js';

async function records(text: string, delimiter = ',') {
  const out: [number, string[]][] = [];
  await readCsvRecords(text, delimiter, (r) => out.push([r.row, r.cells]));
  return out;
}

describe('readCsvRecords', () => {
  it('reads quoted cells with delimiters, doubled quotes and line breaks', async () => {
    expect(await records('a,b\n"x, y","say ""hi""\r\nagain"\n')).toEqual([
      [1, ['a', 'b']],
      [2, ['x, y', 'say "hi"\r\nagain']],
    ]);
  });

  it('ends rows at CRLF, LF or CR, and has no row after the last line end', async () => {
    expect(await records('a,b\r\nc,d\ne,f\rg,h\r\n')).toEqual([
      [1, ['a', 'b']],
      [2, ['c', 'd']],
      [3, ['e', 'f']],
      [4, ['g', 'h']],
    ]);
    expect(await records('a;b\nc;', ';')).toEqual([
      [1, ['a', 'b']],
      [2, ['c', '']],
    ]);
  });

  it('skips blank rows (empty, spaces or only delimiters) but counts them in row numbers', async () => {
    expect(await records('a,b\n\n  \n,\r\n\r\nc,d\n')).toEqual([
      [1, ['a', 'b']],
      [6, ['c', 'd']],
    ]);
  });

  it('keeps stray quotes as written, like a spreadsheet', async () => {
    expect(await records('ab"c,"q"rest, "s"\n')).toEqual([[1, ['ab"c', '"q"rest', ' "s"']]]);
  });

  it('refuses an unclosed quote with the row where it opened', async () => {
    const err = await records('a,b\nc,d\n"open,x\ny\n').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CsvSyntaxError);
    expect(err).toMatchObject({ row: 3, message: 'a quoted cell is not closed' });
  });

  it('reads a header and a million blank lines without keeping them', async () => {
    const seen = await records(`a,b\n${'\n'.repeat(1_000_000)}c,d\n`);
    expect(seen).toEqual([
      [1, ['a', 'b']],
      [1_000_002, ['c', 'd']],
    ]);
  });
});

describe('exportHandle', () => {
  it('makes a slug of the name, unique within the file', () => {
    const used = new Set<string>();
    expect(exportHandle('Heavy Tee', used)).toBe('heavy-tee');
    expect(exportHandle('heavy tee!', used)).toBe('heavy-tee-2');
    expect(exportHandle('Heavy-Tee', used)).toBe('heavy-tee-3');
    expect(exportHandle('Crème brûlée — 4 oz', used)).toBe('creme-brulee-4-oz');
    expect(exportHandle('★★★', used)).toBe('product');
    expect(exportHandle('', used)).toBe('product-2');
  });
});
