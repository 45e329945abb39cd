import { describe, it } from 'vitest';
import fc from 'fast-check';
import { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN, hasControlCharacter, hasMultiLineControlCharacter } from './text-rules.js';
import { anyCasePattern } from './common.js';
import { CARRIERS, normalizeCarrier } from './order-rules.js';

// The OpenAPI document publishes the text rules as these patterns: they must say exactly what
// the predicates the server and the browser check say, for every string.
describe('the published text patterns', () => {
  const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ unit: 'binary-ascii', maxLength: 12 }));
  it('single-line: the pattern matches exactly the strings without a control character', () => {
    fc.assert(fc.property(text, (s) => SINGLE_LINE_PATTERN.test(s) === !hasControlCharacter(s)), { seed: 26, numRuns: 2000 });
  });
  it('multi-line: the pattern matches exactly the strings whose only control characters are tab and line breaks', () => {
    fc.assert(fc.property(text, (s) => MULTI_LINE_PATTERN.test(s) === !hasMultiLineControlCharacter(s)), { seed: 26, numRuns: 2000 });
  });
});

describe('anyCasePattern (carriers and US states in the document)', () => {
  it('matches exactly what trimming and upper-casing then comparing accepts', () => {
    const carrier = new RegExp(anyCasePattern(CARRIERS));
    const candidates = fc.oneof(
      fc.constantFrom(...CARRIERS).chain((c) => fc.tuple(fc.constantFrom('', ' ', '\t'), fc.mixedCase(fc.constant(c)), fc.constantFrom('', ' ', '\n'))).map((p) => p.join('')),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(fc.property(candidates, (s) => carrier.test(s) === (normalizeCarrier(s) !== null)), { seed: 26, numRuns: 2000 });
  });
});
