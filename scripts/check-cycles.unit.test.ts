/**
 * scripts/check-cycles.mjs (`npm run lint`): it finds a cycle in a tiny tree and prints its path,
 * passes a DAG, leaves type-only imports and dynamic import() out, keeps a module's sql.ts leaf
 * and its schema.ts nodes of their own, and reports a leaf that imports more than leaves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCycles, runtimeImports } from './check-cycles.mjs';

let dir = '';

/** Writes the files of a fixture tree under a fresh temporary directory; answers its src/. */
function tree(files: Record<string, string>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-cycles-'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, 'src', name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return path.join(dir, 'src');
}

const check = (src: string) => checkCycles({ fileRoots: [src], modulesDir: path.join(src, 'modules') });
const rel = (src: string, files: string[]) => files.map((f) => path.relative(src, f));

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('check-cycles', () => {
  it('reports a file cycle with its path', () => {
    const src = tree({
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "import { c } from './c.js';\nexport const b = () => c;\n",
      'c.ts': "export { a as c } from './a.js';\n",
      'd.ts': "import { a } from './a.js';\nexport const d = a;\n",
    });
    const { fileCycles, moduleCycles } = check(src);
    expect(fileCycles).toHaveLength(1);
    expect(rel(src, fileCycles[0]!.component)).toEqual(['a.ts', 'b.ts', 'c.ts']);
    expect(rel(src, fileCycles[0]!.path)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(moduleCycles).toEqual([]);
  });

  it('passes a DAG, and leaves type-only imports and dynamic import() out', () => {
    const src = tree({
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "import { c } from './c';\nexport const b = c;\n",
      'c.ts': [
        "import type { A } from './a.js';",
        "import { type B } from './b.js';",
        "export type { A } from './a.js';",
        "export const c = 1 as unknown as A | B;",
        "export const later = () => import('./a.js');",
      ].join('\n'),
    });
    const { fileCycles, moduleCycles, leafImports } = check(src);
    expect(fileCycles).toEqual([]);
    expect(moduleCycles).toEqual([]);
    expect(leafImports).toEqual([]);
  });

  it('collapses files to their module and reports a module cycle with the file edges that close it', () => {
    const src = tree({
      'modules/orders/service.ts': "import { cartTotal } from '../carts/totals.js';\nexport const order = cartTotal;\n",
      'modules/carts/totals.ts': 'export const cartTotal = 1;\n',
      'modules/carts/service.ts': "import { order } from '../orders/service.js';\nexport const cart = order;\n",
    });
    const { fileCycles, moduleCycles } = check(src);
    expect(fileCycles).toEqual([]);
    expect(moduleCycles).toHaveLength(1);
    expect(moduleCycles[0]!.component).toEqual(['carts', 'orders']);
    expect(moduleCycles[0]!.path).toEqual(['carts', 'orders', 'carts']);
    expect(moduleCycles[0]!.edges.map((e: string[]) => rel(src, e))).toEqual([
      ['modules/carts/service.ts', 'modules/orders/service.ts'],
      ['modules/orders/service.ts', 'modules/carts/totals.ts'],
    ]);
  });

  it('keeps a leaf sql.ts and the tables (schema.ts) nodes of their own, and holds leaves to leaves', () => {
    const ok = tree({
      'db/from-item.ts': 'export const fromItem = 1;\n',
      'modules/carts/schema.ts': "import { orders } from '../orders/schema.js';\nexport const carts = orders;\n",
      'modules/carts/sql.ts': "import { fromItem } from '../../db/from-item.js';\nimport { carts } from './schema.js';\nexport const cartLines = [fromItem, carts];\n",
      'modules/carts/service.ts': "import { createDraftOrder } from '../orders/service.js';\nexport const cart = createDraftOrder;\n",
      'modules/orders/schema.ts': 'export const orders = 1;\n',
      'modules/orders/service.ts': "import { cartLines } from '../carts/sql.js';\nexport const createDraftOrder = cartLines;\n",
    });
    expect(check(ok)).toMatchObject({ fileCycles: [], moduleCycles: [], leafImports: [] });
    fs.rmSync(dir, { recursive: true, force: true });

    const bad = tree({
      'modules/carts/sql.ts': "import { cart } from './service.js';\nexport const cartLines = cart;\n",
      'modules/carts/service.ts': 'export const cart = 1;\n',
    });
    expect(check(bad).leafImports.map((e: string[]) => rel(bad, e))).toEqual([['modules/carts/sql.ts', 'modules/carts/service.ts']]);
  });

  it('reads import and export declarations, not strings or comments', () => {
    const text = [
      "// import { x } from './comment.js';",
      "const s = \"import { y } from './string.js'\";",
      "import './side-effect.js';",
      "import def, { type T } from './mixed.js';",
      "export * from './star.js';",
      "export type { U } from './types.js';",
    ].join('\n');
    expect(runtimeImports('x.ts', text)).toEqual(['./side-effect.js', './mixed.js', './star.js']);
  });
});
