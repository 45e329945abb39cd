/**
 * Module boundaries for data: each table belongs to the module whose schema.ts defines it, and
 * only that module's code reads or writes it — others call the functions (or SQL fragments)
 * it offers. This test reads every server source file, finds the tables it touches (drizzle
 * table objects it imports, and table names after from/join/into/update in its SQL), and fails
 * on a table of another module.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

const SRC = path.resolve(import.meta.dirname, '..');

/** The module a file belongs to: modules/<name>, or the top folder (auth, identity, db…). */
function ownerOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep);
  if (rel[0] === 'modules' || rel[0] === 'providers') return `${rel[0]}/${rel[1]}`;
  return rel.length > 1 ? rel[0]! : '(root)';
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$|\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

/** Table name → owning module, from where each table is defined. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of sourceFiles(SRC).filter((f) => path.basename(f) === 'schema.ts')) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) owners.set(m[1]!, ownerOf(file));
  }
  return owners;
}

describe('table ownership', () => {
  const owners = tableOwners();

  it('knows the owner of every table in the schema', () => {
    const tables = (Object.values(schema).filter((v) => v instanceof PgTable) as PgTable[]).map(
      (t) => getTableConfig(t).name,
    );
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((t) => !owners.has(t))).toEqual([]);
  });

  it('lets no module touch another module’s tables', () => {
    const crossings = new Set<string>();
    const tableVars = new Map<string, string>();
    for (const [key, value] of Object.entries(schema)) {
      if (value instanceof PgTable) tableVars.set(key, getTableConfig(value).name);
    }
    for (const file of sourceFiles(SRC)) {
      if (path.basename(file) === 'schema.ts') continue;
      const me = ownerOf(file);
      const text = fs.readFileSync(file, 'utf8');
      const touched = new Set<string>();
      // drizzle table objects imported from a schema file
      for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*schema\.js'/g)) {
        for (const name of m[1]!.split(',').map((s) => s.trim().replace(/^type\s+/, ''))) {
          const table = tableVars.get(name);
          if (table) touched.add(table);
        }
      }
      // table names in SQL text
      for (const m of text.matchAll(/\b(?:from|join|into|update|exists \(select 1 from)\s+([a-z_]+)\b/gi)) {
        if (owners.has(m[1]!)) touched.add(m[1]!);
      }
      for (const table of touched) {
        if (owners.get(table) !== me) crossings.add(`${me} → ${table}`);
      }
    }
    expect([...crossings].sort().join('\n'), 'Call a function (or SQL fragment) of the owning module instead').toBe('');
  });
});
