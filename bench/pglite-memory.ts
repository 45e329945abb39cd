/**
 * The embedded database's memory (issue 11, docs/performance.md "Embedded PGlite: memory and
 * first start"): starts the production server on a fresh DATA_DIR with PGlite, reads its RSS
 * when /readyz answers, then its peak RSS (sampled every 100 ms) under two loads at 10
 * connections — the signed-in user (`GET /api/user/me`, 10 s) and a storefront grid page of 20
 * over a 500-product catalogue (10 s) — and its CPU seconds to ready. Each way of starting is
 * run `BENCH_MEMORY_RUNS` times (default 2), alternately:
 *   - `npm start`: with the environment and Node options of package.json's start script
 *     (apps/server/src/main.ts says why each);
 *   - `plain node`: `node apps/server/dist/main.js` without them.
 * The environment the benchmark itself runs in is passed on to both.
 *
 *   npm run build && npx tsx bench/pglite-memory.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { CATALOG_CSV_COLUMNS } from '@cratebase/contract';
import { signUpAndGetTokens } from '../apps/server/test/support/test-login.js';
import { startServer, type RunningServer } from '../e2e/support/server.js';

const root = path.resolve(import.meta.dirname, '..');

/** How `npm start` runs the server (package.json): its environment and its Node options. */
function startSettings(): { env: Record<string, string>; options: string } {
  const script = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = script.split(/\s+/);
  const env = Object.fromEntries(
    words.slice(0, words.indexOf('node')).map((word) => word.split('=') as [string, string]),
  );
  return { env, options: words.filter((word) => word.startsWith('--')).join(' ') };
}

function status(pid: number, field: string): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

function cpuSeconds(pid: number): number {
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second).
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The peak RSS (MB) of `pid` while `work` runs. */
async function peakWhile(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = status(pid, 'VmRSS');
  const timer = setInterval(() => (peak = Math.max(peak, status(pid, 'VmRSS'))), 100);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, status(pid, 'VmRSS'));
}

async function json(server: RunningServer, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** A seller with `count` products (one CSV import), answering its token and store id. */
async function seller(server: RunningServer, count: number) {
  const { access_token: token } = await signUpAndGetTokens(server.url, {
    email: `memory-${Date.now()}@example.com`,
    password: 'bench-password-1',
  });
  await json(server, 'POST', '/api/user/create', token);
  const org = await json(server, 'POST', '/api/organization', token, { selected_type: 'Merchant', name: 'Memory Supply Co' });
  const csv = [CATALOG_CSV_COLUMNS.join(',')]
    .concat(Array.from({ length: count }, (_, i) => `Product ${i},,MEM-${i},,,,${(1 + i / 100).toFixed(2)},,,,Live,100`))
    .join('\n');
  const res = await fetch(`${server.url}/api/product/organization/${String(org.id)}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
  return { token, orgId: String(org.id) };
}

/**
 * Where the RSS is (MB), from /proc/<pid>/smaps: anonymous memory (V8's heaps and code, PGlite's
 * WebAssembly memory, malloc) and files (node itself, libraries).
 */
function breakdown(pid: number): Record<string, number> {
  const parts = { anonymous: 0, files: 0 };
  let kind: keyof typeof parts = 'anonymous';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (range) {
      kind = range[1]!.trim().startsWith('/') ? 'files' : 'anonymous';
    } else if (line.startsWith('Rss:')) {
      parts[kind] += Number(line.split(/\s+/)[1]) / 1024;
    }
  }
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Math.round(v)]));
}

interface Run {
  way: string;
  readyMb: number;
  cpuToReady: number;
  meMb: number;
  gridMb: number;
  gridRps: number;
  importMb: number;
  /** breakdown() after the loads. */
  after: Record<string, number>;
}

async function measure(way: string, settings: { env: Record<string, string>; options: string }): Promise<Run> {
  const server = await startServer({ ...settings.env, NODE_OPTIONS: settings.options, DATABASE_URL: '', LOG_LEVEL: 'silent' });
  const pid = server.process.pid!;
  try {
    const cpuToReady = cpuSeconds(pid);
    const readyMb = status(pid, 'VmRSS');
    console.log(`${way}: at ready ${JSON.stringify(breakdown(pid))}`);
    let made: Awaited<ReturnType<typeof seller>> | undefined;
    const importMb = await peakWhile(pid, async () => (made = await seller(server, products)));
    const { token, orgId } = made!;
    const headers = { authorization: `Bearer ${token}` };
    const me = `${server.url}/api/user/me`;
    const meMb = await peakWhile(pid, () => autocannon({ url: me, connections: 10, duration: 10, headers }));
    const grid = `${server.url}/api/product/organization/${orgId}/for-sale?view=tile&limit=20`;
    let gridRps = 0;
    const gridMb = await peakWhile(pid, async () => {
      const r = await autocannon({ url: grid, connections: 10, duration: 10, headers });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`grid: ${r.non2xx} non-2xx, ${r.errors} errors`);
      gridRps = r.requests.average;
    });
    return { way, readyMb, cpuToReady, meMb, gridMb, gridRps, importMb, after: breakdown(pid) };
  } finally {
    await server.stop();
  }
}

const runs = Number(process.env.BENCH_MEMORY_RUNS ?? 2);
/** The catalogue's size: one CSV import of that many rows (at most 50,000, the import's limit). */
const products = Number(process.env.BENCH_MEMORY_PRODUCTS ?? 500);
const ways: [string, ReturnType<typeof startSettings>][] = [
  ['npm start', startSettings()],
  ['plain node', { env: {}, options: '' }],
];
const results: Run[] = [];
for (let i = 0; i < runs; i++) {
  for (const [way, options] of ways) {
    const run = await measure(way, options);
    results.push(run);
    console.log(JSON.stringify(run));
  }
}
console.log(`\nnpm start: ${JSON.stringify(startSettings())}`);
console.log(`| start | RSS at ready | peak, import of ${products} rows | peak, /api/user/me | peak, grid page | grid req/s | CPU s to ready | after: anonymous / files |`);
console.log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const r of results) {
  console.log(
    `| ${r.way} | ${r.readyMb.toFixed(0)} MB | ${r.importMb.toFixed(0)} MB | ${r.meMb.toFixed(0)} MB | ${r.gridMb.toFixed(0)} MB | ${r.gridRps.toFixed(0)} | ${r.cpuToReady.toFixed(1)} | ${r.after.anonymous} / ${r.after.files} MB |`,
  );
}
