/**
 * Start time and memory of the embedded default (issue 22; docs/performance.md "Embedded
 * PostgreSQL: start and memory"): runs the production server as `npm start` does (package.json's
 * start script: its environment and Node options) without DATABASE_URL, and measures
 *   - a cold start: an empty DATA_DIR (initdb, migrations) until /readyz answers 200;
 *   - memory at ready: the node process's RSS, and the sum of RSS and of PSS of the PostgreSQL
 *     processes it runs (bench/process-memory.ts says why PSS);
 *   - the peak (sampled every 250 ms) while a seller imports a 500-product catalogue (one CSV
 *     request), then `GET /api/user/me` and the storefront grid page (for-sale?view=tile&limit=20)
 *     each under 10 s of 10 connections, and the memory after that load;
 *   - bursts of password hashing (issue 27): 50 people submit the create-account form at once,
 *     then the same 50 sign in at once; the peak total (sampled every 50 ms), node's VmHWM after
 *     them, and how many were answered 503 (the hashing gate's bound: identity/passwords.ts);
 *   - a warm start: the same DATA_DIR again, until /readyz answers, and its memory at ready.
 * Goals beside the results: cold start < 1 s, every peak ≤ 250 MB.
 * `BENCH_MEMORY_RUNS` rounds (default 2). The total is node RSS + PostgreSQL PSS. With a server
 * whose database lives inside the node process (PGlite, before issue 22) the PostgreSQL columns
 * are 0, so the same script measures both.
 *
 *   npm run build && npx tsx bench/embedded-memory.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CATALOG_CSV_COLUMNS } from '@cratebase/contract';
import { LoginFlow, signUpAndGetTokens } from '../apps/server/test/support/test-login.js';
import { freePort } from '../e2e/support/server.js';
import { descendants, peakRssMb, totalMb, treeMemory, type TreeMemory } from './process-memory.js';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_MEMORY_RUNS ?? 2);
/** The catalogue's size: one CSV import of that many rows (at most 50,000, the import's limit). */
const products = Number(process.env.BENCH_MEMORY_PRODUCTS ?? 500);
/** How many people sign up (and then sign in) at once. */
const burst = Number(process.env.BENCH_MEMORY_BURST ?? 50);
const GOAL_COLD_MS = 1000;
const GOAL_PEAK_MB = 250;

/** How `npm start` runs the server (package.json): its environment and its Node options. */
function startSettings(): { env: Record<string, string>; options: string[] } {
  const script = (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const words = script.split(/\s+/);
  const env = Object.fromEntries(
    words.slice(0, words.indexOf('node')).map((word) => word.split('=') as [string, string]),
  );
  return { env, options: words.filter((word) => word.startsWith('--')) };
}

/** CPU seconds of a process (utime + stime, and those of its children it waited for: initdb). */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14–17 of stat (utime, stime, cutime, cstime) are 11–14 here, in ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of the server and of its PostgreSQL processes so far. */
function treeCpu(pid: number): number {
  return cpuSeconds(pid) + descendants(pid).reduce((sum, p) => sum + cpuSeconds(p), 0);
}

interface Started {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first 200 of /readyz. */
  readyMs: number;
  /** What /readyz says the database is. */
  database: string;
  output: () => string;
}

async function start(dataDir: string, port: number): Promise<Started> {
  const settings = startSettings();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, [...settings.options, path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      ...settings.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      IDENTITY_RATE_LIMIT: '1000',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) {
        const readyMs = performance.now() - started;
        const body = (await res.json()) as { database?: string };
        return { child, url, readyMs, database: body.database ?? '?', output: () => output };
      }
      await res.arrayBuffer();
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready in 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** SIGTERM, then the milliseconds until the node process and its PostgreSQL have exited. */
async function stop(server: Started): Promise<number> {
  const pid = server.child.pid!;
  const children = descendants(pid);
  const began = performance.now();
  if (server.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
  // The server stops its PostgreSQL before it exits; wait for any straggler all the same.
  for (const p of children) {
    while (performance.now() - began < 30_000) {
      try {
        process.kill(p, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return performance.now() - began;
}

/** The peak total (node RSS + PostgreSQL PSS, MB) while `work` runs, sampled every `everyMs`. */
async function peakWhile(pid: number, work: () => Promise<unknown>, everyMs = 250): Promise<number> {
  let peak = totalMb(treeMemory(pid));
  const timer = setInterval(() => (peak = Math.max(peak, totalMb(treeMemory(pid)))), everyMs);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, totalMb(treeMemory(pid)));
}

async function json(base: string, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** A seller with `count` products (one CSV import), answering its token and store id. */
async function seller(base: string, count: number) {
  const { access_token: token } = await signUpAndGetTokens(base, {
    email: `memory-${Date.now()}@example.com`,
    password: 'bench-password-1',
  });
  await json(base, 'POST', '/api/user/create', token);
  const org = await json(base, 'POST', '/api/organization', token, {
    selected_type: 'Merchant',
    name: 'Memory Supply Co',
  });
  const csv = [CATALOG_CSV_COLUMNS.join(',')]
    .concat(
      Array.from({ length: count }, (_, i) => `Product ${i},,MEM-${i},,,,${(1 + i / 100).toFixed(2)},,,,Live,100`),
    )
    .join('\n');
  const res = await fetch(`${base}/api/product/organization/${String(org.id)}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
  return { token, orgId: String(org.id) };
}

interface Burst {
  peak: number;
  /** The sample at the peak: node RSS and PostgreSQL PSS and processes. */
  atPeak: TreeMemory;
  /** node's VmHWM after the burst (MB). */
  nodeHwm: number;
  completed: number;
  busy: number;
  failed: number;
  ms: number;
}

/**
 * `burst` people submit the sign-in or create-account form at the same moment: every page is
 * opened first, then every form is posted at once. Counts who got in and who was asked to retry.
 */
async function hashingBurst(base: string, pid: number, screen: 'signup' | 'login', emails: string[]): Promise<Burst> {
  const flows = await Promise.all(
    emails.map(() => LoginFlow.start(base, screen === 'signup' ? { screenHint: 'signup' } : {})),
  );
  const outcomes: string[] = [];
  const began = performance.now();
  let atPeak = treeMemory(pid);
  const sample = () => {
    const now = treeMemory(pid);
    if (totalMb(now) > totalMb(atPeak)) atPeak = now;
  };
  const timer = setInterval(sample, 50);
  try {
    await Promise.all(
      flows.map(async (flow, i) => {
        const step = await flow.submit(screen, { email: emails[i]!, password: 'bench-password-1' });
        outcomes.push(step.kind === 'code' ? 'completed' : step.status === 503 ? 'busy' : `HTTP ${step.status}`);
      }),
    );
  } finally {
    clearInterval(timer);
  }
  sample();
  const ms = performance.now() - began;
  const count = (o: string) => outcomes.filter((x) => x === o).length;
  return {
    peak: totalMb(atPeak),
    atPeak,
    nodeHwm: peakRssMb(pid),
    completed: count('completed'),
    busy: count('busy'),
    failed: outcomes.length - count('completed') - count('busy'),
    ms,
  };
}

interface Run {
  database: string;
  coldMs: number;
  coldCpu: number;
  atReady: TreeMemory;
  importPeak: number;
  mePeak: number;
  gridPeak: number;
  gridRps: number;
  signUps: Burst;
  signIns: Burst;
  afterLoad: TreeMemory;
  stopMs: number;
  warmMs: number;
  warmCpu: number;
  warmReady: TreeMemory;
}

async function measure(): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-memory-'));
  // Run as root, the embedded PostgreSQL runs as the OS user `postgres`: it must enter the folder.
  fs.chmodSync(dataDir, 0o755);
  try {
    let server = await start(dataDir, await freePort());
    let pid = server.child.pid!;
    const coldMs = server.readyMs;
    const coldCpu = treeCpu(pid);
    const atReady = treeMemory(pid);
    let made: Awaited<ReturnType<typeof seller>> | undefined;
    let afterLoad: TreeMemory;
    let importPeak: number, mePeak: number, gridPeak: number;
    let signUps: Burst, signIns: Burst;
    let gridRps = 0;
    let stopMs = 0;
    try {
      importPeak = await peakWhile(pid, async () => (made = await seller(server.url, products)));
      const headers = { authorization: `Bearer ${made!.token}` };
      mePeak = await peakWhile(pid, () =>
        autocannon({ url: `${server.url}/api/user/me`, connections: 10, duration: 10, headers }),
      );
      const grid = `${server.url}/api/product/organization/${made!.orgId}/for-sale?view=tile&limit=20`;
      gridPeak = await peakWhile(pid, async () => {
        const r = await autocannon({ url: grid, connections: 10, duration: 10, headers });
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`grid: ${r.non2xx} non-2xx, ${r.errors} errors`);
        gridRps = r.requests.average;
      });
      const emails = Array.from({ length: burst }, (_, i) => `burst-${Date.now()}-${i}@example.com`);
      signUps = await hashingBurst(server.url, pid, 'signup', emails);
      signIns = await hashingBurst(server.url, pid, 'login', emails);
      afterLoad = treeMemory(pid);
    } finally {
      stopMs = await stop(server);
    }
    server = await start(dataDir, await freePort());
    pid = server.child.pid!;
    const warmMs = server.readyMs;
    const warmCpu = treeCpu(pid);
    // What a started server holds before any request, once its pool's first connection is open.
    const warmReady = treeMemory(pid);
    await stop(server);
    return {
      database: server.database,
      coldMs,
      coldCpu,
      atReady,
      importPeak,
      mePeak,
      gridPeak,
      gridRps,
      signUps,
      signIns,
      afterLoad,
      stopMs,
      warmMs,
      warmCpu,
      warmReady,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Run[] = [];
for (let i = 0; i < runs; i++) {
  const run = await measure();
  results.push(run);
  console.log(JSON.stringify(run));
}

const mb = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(0));
const memory = (m: TreeMemory) =>
  `${mb(m.nodeRss)} + ${mb(m.postgresRss)} (PSS ${mb(m.postgresPss)}, ${m.postgresProcesses} proc.) = ${mb(totalMb(m))}`;
console.log(
  `\nnpm start: ${JSON.stringify(startSettings())}; ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('Memory in MB: node RSS + PostgreSQL RSS (PSS, processes) = node RSS + PostgreSQL PSS.\n');
console.log(
  `| database | cold start to /readyz (goal < ${GOAL_COLD_MS / 1000} s) | CPU s to ready | at ready | peak, import of ${products} rows | peak, /api/user/me | peak, grid page | grid req/s (10 conn.) | peak, ${burst} sign-ups at once (goal ≤ ${GOAL_PEAK_MB}) | peak, ${burst} sign-ins at once (goal ≤ ${GOAL_PEAK_MB}) | after the load | stop | warm start | CPU s to warm ready | at warm ready |`,
);
console.log('|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|');
const burstCell = (b: Burst) =>
  `${mb(b.peak)} (${mb(b.atPeak.nodeRss)} + PSS ${mb(b.atPeak.postgresPss)}, ${b.atPeak.postgresProcesses} proc.; node VmHWM ${mb(b.nodeHwm)}; ${b.completed} in, ${b.busy} asked to retry${b.failed ? `, ${b.failed} failed` : ''}; ${(b.ms / 1000).toFixed(1)} s)`;
for (const r of results) {
  console.log(
    `| ${r.database} | ${(r.coldMs / 1000).toFixed(2)} s | ${r.coldCpu.toFixed(1)} | ${memory(r.atReady)} | ${mb(r.importPeak)} | ${mb(r.mePeak)} | ${mb(r.gridPeak)} | ${r.gridRps.toFixed(0)} | ${burstCell(r.signUps)} | ${burstCell(r.signIns)} | ${memory(r.afterLoad)} | ${(r.stopMs / 1000).toFixed(2)} s | ${(r.warmMs / 1000).toFixed(2)} s | ${r.warmCpu.toFixed(1)} | ${memory(r.warmReady)} |`,
  );
}
const colds = results.map((r) => r.coldMs).sort((a, b) => a - b);
const peaks = results.flatMap((r) => [r.importPeak, r.mePeak, r.gridPeak, r.signUps.peak, r.signIns.peak]);
const worst = Math.max(...peaks);
console.log(
  `\ncold start: ${colds.map((ms) => (ms / 1000).toFixed(2)).join(' / ')} s (goal < ${GOAL_COLD_MS / 1000} s: ${colds.every((ms) => ms < GOAL_COLD_MS) ? 'met' : 'missed'})`,
);
console.log(`highest peak: ${mb(worst)} MB (goal ≤ ${GOAL_PEAK_MB} MB: ${worst <= GOAL_PEAK_MB ? 'met' : 'missed'})`);
