import { describe, expect, it } from 'vitest';

// The text of the web's sources and of the contract's modules (Vite inlines them at transform time).
const webSources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const contractSources = import.meta.glob<string>('../../../../packages/contract/src/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The contract modules without zod (packages/contract/src/zod-free.test.ts keeps them so). */
const isZodFree = (path: string) => /(-rules|\/constants|\/http-headers|\/setup-steps)\.ts$/.test(path);

const zodFreeNames = new Set(
  Object.entries(contractSources)
    .filter(([path]) => isZodFree(path))
    .flatMap(([, source]) => [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]!)),
);

/** Values (not types) a source imports from '@cratebase/contract'. */
function contractValueImports(source: string): string[] {
  return [...source.matchAll(/^import\s+\{([^}]*)\}\s+from\s+'@cratebase\/contract';/gm)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}

describe('values the web imports from the contract', () => {
  it('finds the sources and the zod-free names', () => {
    expect(Object.keys(webSources).length).toBeGreaterThan(50);
    expect(zodFreeNames).toContain('PRODUCT_LIMITS');
    expect(contractValueImports("import { LIMITS, type Organization } from '@cratebase/contract';")).toEqual([
      'LIMITS',
    ]);
  });

  it('come from zod-free modules only, so zod stays out of the browser bundle', () => {
    for (const [path, source] of Object.entries(webSources)) {
      const fromSchemas = contractValueImports(source).filter((name) => !zodFreeNames.has(name));
      expect({ path, fromSchemas }).toEqual({ path, fromSchemas: [] });
    }
  });
});
