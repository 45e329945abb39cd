import { describe, expect, it } from 'vitest';

// Vite (and so Vitest) replaces this call with the files' text at transform time.
declare global {
  interface ImportMeta {
    glob<T>(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, T>;
  }
}

const sources = import.meta.glob<string>('./*.ts', { query: '?raw', import: 'default', eager: true });

/** Modules the web client imports values from: they must not load zod (it would join its bundle). */
const zodFree = Object.keys(sources).filter(
  (path) => path.endsWith('-rules.ts') || ['./constants.ts', './http-headers.ts', './setup-steps.ts'].includes(path),
);

/** Value imports of a module (`import type` is erased and costs nothing). */
function valueImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)';/gms)].map((match) => match[1]!);
}

/** Every module a file loads, following relative imports (`./x.js` is the source `./x.ts`). */
function loadedModules(path: string, seen = new Set<string>()): Set<string> {
  if (seen.has(path)) return seen;
  seen.add(path);
  for (const specifier of valueImports(sources[path] ?? '')) {
    loadedModules(specifier.startsWith('./') ? specifier.replace(/\.js$/, '.ts') : specifier, seen);
  }
  return seen;
}

describe('zod-free contract modules', () => {
  it('are the rules modules, the constants, the HTTP headers and the set-up steps', () => {
    expect(zodFree).toEqual(
      expect.arrayContaining([
        './address-rules.ts',
        './catalog-rules.ts',
        './constants.ts',
        './http-headers.ts',
        './invite-rules.ts',
        './media-rules.ts',
        './product-rules.ts',
        './setup-steps.ts',
        './text-rules.ts',
      ]),
    );
  });

  it('load neither zod nor a schema module', () => {
    for (const path of zodFree) {
      const loaded = [...loadedModules(path)];
      expect({ path, loaded: loaded.filter((m) => !zodFree.includes(m)) }).toEqual({ path, loaded: [] });
    }
  });

  it('would notice a module that imports zod', () => {
    expect(valueImports("import { z } from 'zod';\nimport type { X } from './x.js';")).toEqual(['zod']);
  });
});
