import { describe, expect, it } from 'vitest';

// The text of the web's sources (Vite inlines them at transform time), tests left out.
const webSources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Texts the spec gives word for word with a straight apostrophe: kept exactly. Every other
 * possessive or contraction the UI shows uses the typographic ’ (as the spec's “Customers
 * haven’t been added yet”), also when it is generated: `${storeName}’s terms`.
 */
const SPEC_TEXTS = [
  "Products haven't been added yet.",
  "Invites to customers haven't been sent yet",
  "You don't have any orders yet.",
];

/** The source without comments (JSDoc and notes use straight apostrophes freely). */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Words written with a straight apostrophe ("Ceramics's", "don't", "${name}'s"). */
export function straightApostrophes(source: string): string[] {
  let text = withoutComments(source);
  for (const allowed of SPEC_TEXTS) text = text.split(allowed).join('');
  return [...text.matchAll(/[A-Za-z}]'(?:s|t|re|ve|ll|d|m)\b/g)].map((match) => match[0]);
}

describe('apostrophes', () => {
  it('finds a straight apostrophe in a generated possessive', () => {
    expect(straightApostrophes("const a = `${storeName}'s terms`;")).toEqual(["}'s"]);
    expect(straightApostrophes("<Typography>{name}'s store</Typography>")).toEqual(["}'s"]);
    expect(straightApostrophes('const b = "A retailer\'s first order";')).toEqual(["r's"]);
    expect(straightApostrophes("const c = `${storeName}’s terms`; // the store's")).toEqual([]);
  });

  it('the UI uses the typographic ’ in every possessive and contraction (spec texts as written)', () => {
    const found = Object.entries(webSources).flatMap(([path, source]) =>
      straightApostrophes(source).map((word) => `${path}: ${word}`),
    );
    expect(found).toEqual([]);
  });
});
