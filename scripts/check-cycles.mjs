// `npm run lint` (and `npm test`'s lint stage): import cycles, which must stay at zero.
// - file level: no cycle among the files of apps/server/src and apps/web/src;
// - module level: collapse every file of apps/server/src/modules/<m>/ to <m>; the modules must
//   form a DAG (docs/architecture.md → Modules and their direction). A module's leaf, <m>/sql.ts
//   (the SQL fragments others read in their one-query reads), is a node of its own, <m>/sql: the
//   leaves are the layer under every module's code, so reading another module's columns is not
//   depending on its commands. Its tables, <m>/schema.ts, are a node of their own too (a leaf
//   reads its own tables); files directly in modules/ (the module list) are no module;
// - leaves stay leaves: a <m>/sql.ts imports only packages, other leaves, its own schema.ts and
//   db/ (each leaf is one file, so the leaves' own graph is checked by the file level).
// Counted: `import … from`, `import '…'`, `export … from` of relative paths. Not counted:
// `import type` / `export type` (and imports whose every name is `type`), dynamic `import()`,
// packages. Test files (*.test.ts, *.test.tsx) are leaves nothing imports, so they are left out
// of the module graph (a test may set up a scene through any module).
// Prints each cycle as a path and exits 1 when there is one; `--report` prints the strongly
// connected components and exits 0 (for measuring).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.tsx?$/;

/** Runtime import specifiers of one source text. */
export function runtimeImports(fileName, text) {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      if (clause) {
        if (clause.isTypeOnly) continue;
        const named = clause.namedBindings;
        const onlyTypes = !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
        if (onlyTypes) continue;
      }
      out.push(st.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(st) && !st.isTypeOnly && ts.isExternalModuleReference(st.moduleReference)) {
      const ref = st.moduleReference.expression;
      if (ts.isStringLiteral(ref)) out.push(ref.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      if (st.isTypeOnly) continue;
      const clause = st.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)) continue;
      out.push(st.moduleSpecifier.text);
    }
  }
  return out;
}

/** A relative specifier → the source file it names, or undefined (packages, assets). */
export function resolveImport(fromFile, spec, exists = fs.existsSync) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), spec);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => SOURCE.test(c) && exists(c));
}

/** Every source file under a directory. */
export function sourceFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/** file → the files it imports at run time. */
export function fileGraph(files, read = (f) => fs.readFileSync(f, 'utf8')) {
  const known = new Set(files);
  const graph = new Map();
  for (const f of files) {
    const deps = new Set();
    let text;
    try {
      text = read(f);
    } catch (error) {
      // Removed since the directory was listed (an editor's save, a move in progress): not a file.
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') continue;
      throw error;
    }
    for (const spec of runtimeImports(f, text)) {
      const target = resolveImport(f, spec, (c) => known.has(c));
      if (target) deps.add(target);
    }
    graph.set(f, [...deps].sort());
  }
  return graph;
}

/**
 * Collapse files to groups (`groupOf` returns undefined to leave a file out); edges keep one example file edge.
 * @param {Map<string, string[]>} graph
 * @param {(file: string) => string | undefined} groupOf
 * @param {(from: string, to: string) => boolean} [ignoreEdge]
 */
export function collapse(graph, groupOf, ignoreEdge = () => false) {
  const out = new Map();
  const why = new Map();
  for (const [from, tos] of graph) {
    const g = groupOf(from);
    if (g === undefined) continue;
    if (!out.has(g)) out.set(g, new Set());
    for (const to of tos) {
      const h = groupOf(to);
      if (h === undefined || h === g || ignoreEdge(from, to)) continue;
      out.get(g).add(h);
      if (!why.has(`${g}→${h}`)) why.set(`${g}→${h}`, [from, to]);
    }
  }
  return { graph: new Map([...out].map(([k, v]) => [k, [...v].sort()])), why };
}

/** Strongly connected components with a cycle (size > 1, or a node importing itself), Tarjan's algorithm. */
export function cyclicComponents(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const comps = [];
  const visit = (root) => {
    // iterative, so a deep graph cannot overflow the stack
    /** @type {[string, number][]} */
    const work = [[root, 0]];
    idx.set(root, index);
    low.set(root, index);
    index += 1;
    stack.push(root);
    on.add(root);
    while (work.length) {
      const top = /** @type {[string, number]} */ (work[work.length - 1]);
      const [v, i] = top;
      const deps = graph.get(v) ?? [];
      if (i < deps.length) {
        top[1] += 1;
        const w = deps[i];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index);
          index += 1;
          stack.push(w);
          on.add(w);
          work.push([w, 0]);
        } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const u = /** @type {[string, number]} */ (work[work.length - 1])[0];
        low.set(u, Math.min(low.get(u), low.get(v)));
      }
      if (low.get(v) === idx.get(v)) {
        const comp = [];
        let w;
        do {
          w = stack.pop();
          on.delete(w);
          comp.push(w);
        } while (w !== v);
        if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) comps.push(comp.sort());
      }
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return comps.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** One shortest cycle through the first node of a component: [a, b, …, a]. */
export function cyclePath(graph, comp) {
  const inside = new Set(comp);
  const start = comp[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const p = [start];
        for (let x = v; x !== null && x !== start; x = prev.get(x)) p.unshift(x);
        if (v === start) return [start, start];
        p.unshift(start);
        return p;
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/**
 * The whole check. roots: { server, web, modules } absolute directories.
 * Returns { fileCycles: [{ component, path }], moduleCycles: [{ component, path, edges }] }.
 */
export function checkCycles({ fileRoots, modulesDir }) {
  const files = fileRoots.flatMap((r) => sourceFiles(r));
  const graph = fileGraph(files);
  const fileCycles = cyclicComponents(graph).map((component) => ({ component, path: cyclePath(graph, component) }));
  const moduleCycles = [];
  if (modulesDir) {
    const prefix = modulesDir + path.sep;
    const moduleOf = (f) => {
      if (!f.startsWith(prefix) || TEST.test(f)) return undefined;
      const [m, ...rest] = f.slice(prefix.length).split(path.sep);
      if (rest.length === 0) return undefined; // modules/index.ts: the list of modules, not one
      const file = rest.join('/');
      return file === 'sql.ts' ? `${m}/sql` : file === 'schema.ts' ? `${m}/schema` : m;
    };
    const { graph: modules, why } = collapse(graph, moduleOf);
    for (const component of cyclicComponents(modules)) {
      const p = cyclePath(modules, component);
      const edges = p.slice(1).map((to, i) => why.get(`${p[i]}→${to}`));
      moduleCycles.push({ component, path: p, edges });
    }
  }
  return { fileCycles, moduleCycles, leafImports: modulesDir ? leafImports(graph, modulesDir) : [], files: files.length };
}

/** Imports that make a leaf <m>/sql.ts more than a leaf: [leaf, imported file] pairs. */
export function leafImports(graph, modulesDir) {
  const prefix = modulesDir + path.sep;
  const db = path.join(path.dirname(modulesDir), 'db') + path.sep;
  const bad = [];
  for (const [from, tos] of graph) {
    if (!from.startsWith(prefix)) continue;
    const [m, ...rest] = from.slice(prefix.length).split(path.sep);
    if (rest.join('/') !== 'sql.ts') continue;
    for (const to of tos) {
      const leaf = to.startsWith(prefix) && to.endsWith(`${path.sep}sql.ts`) && to.slice(prefix.length).split(path.sep).length === 2;
      const ownSchema = to === path.join(modulesDir, m, 'schema.ts');
      if (!leaf && !ownSchema && !to.startsWith(db)) bad.push([from, to]);
    }
  }
  return bad;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const rel = (f) => path.relative(root, f);
  const report = process.argv.includes('--report');
  const t0 = Date.now();
  const { fileCycles, moduleCycles, leafImports: notLeaf, files } = checkCycles({
    fileRoots: [path.join(root, 'apps/server/src'), path.join(root, 'apps/web/src')],
    modulesDir: path.join(root, 'apps/server/src/modules'),
  });
  const ms = Date.now() - t0;
  for (const c of moduleCycles) {
    console.log(`module cycle (${c.component.length} modules: ${c.component.join(', ')}):\n  ${c.path.join(' → ')}`);
    for (const [from, to] of c.edges) console.log(`    ${rel(from)} imports ${rel(to)}`);
  }
  for (const c of fileCycles) {
    console.log(`file cycle (${c.component.length} files):\n  ${c.path.map(rel).join('\n  → ')}`);
    if (report && c.component.length > c.path.length - 1) console.log(`  component: ${c.component.map(rel).join(', ')}`);
  }
  for (const [from, to] of notLeaf) console.log(`leaf ${rel(from)} imports ${rel(to)} (a leaf imports only other leaves, its schema.ts and db/)`);
  const summary = `check-cycles: ${files} files in ${ms} ms; ${moduleCycles.length} module cycle(s)${moduleCycles[0] ? ` (largest: ${moduleCycles[0].component.length} modules)` : ''}, ${fileCycles.length} file cycle(s), ${notLeaf.length} leaf import(s) out of bounds`;
  const bad = moduleCycles.length + fileCycles.length + notLeaf.length > 0;
  if (bad || report) console.log(summary);
  if (bad && !report) {
    console.log('Point the import one way: see docs/architecture.md → Modules and their direction.');
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
