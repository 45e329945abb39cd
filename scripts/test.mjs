// `npm test`: every check of the project, in two lanes so both cores work:
//   lane 1: unit tests (web components in jsdom, pure modules in node)
//   lane 2: lint → typecheck → production build → two server processes on one database
// then the API tests, then the browser journeys (production build, headless Chromium, two
// files at a time). One PostgreSQL for the run: the server at DATABASE_URL when
// it is set (CI), else an embedded one (apps/server/test/support/global-database.ts).
// Ends with each stage's time and one line `N passed, N failed`; non-zero exit on any failure.
// A lane running beside another writes to a file, printed whole when its stage ends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-test-'));
let passed = 0;
let failed = 0;
let runs = 0;
const problems = [];
/** Each stage's wall time, printed at the end (issue 22: where `npm test` spends its minutes). */
const timings = [];
const started = Date.now();

/** Runs a command to its end with its output in a file; prints the output when it ends. */
function run(label, command, args, env = {}) {
  runs += 1;
  const logFile = path.join(tmp, `${runs}.log`);
  const out = fs.openSync(logFile, 'w');
  const t0 = Date.now();
  console.log(`▶ ${label}`);
  return new Promise((resolve) => {
    const childEnv = { ...process.env, ...env };
    for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: childEnv });
    child.on('error', (err) => fs.appendFileSync(logFile, `\n${err.stack}\n`));
    child.on('close', (code) => {
      fs.closeSync(out);
      const seconds = (Date.now() - t0) / 1000;
      timings.push({ label, seconds });
      console.log(`\n━━ ${label} (${seconds.toFixed(0)} s) ━━`);
      process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      resolve(code ?? 1);
    });
  });
}

async function vitest(label, projects, env = {}) {
  const out = path.join(tmp, `vitest-${runs + 1}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const code = await run(label, 'npx', args, { FORCE_COLOR: '1', ...env });
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    const suiteErrors = r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.every((a) => a.status !== 'failed'));
    failed += suiteErrors.length;
    if (r.numFailedTests || suiteErrors.length) problems.push(label);
  } else if (code !== 0) {
    failed += 1;
    problems.push(`${label} (runner crashed)`);
  }
  if (code !== 0 && !problems.some((p) => p.startsWith(label))) {
    failed += 1;
    problems.push(`${label} (exit ${code})`);
  }
}

/** A step that is not a vitest run (lint, typecheck, build): one pass or one failure. */
async function step(label, command, args) {
  const code = await run(label, command, args, { FORCE_COLOR: '1' });
  if (code !== 0) {
    failed += 1;
    problems.push(label);
    return false;
  }
  passed += 1;
  return true;
}

let built = false;
await Promise.all([
  vitest('unit tests', ['unit', 'unit-node']),
  (async () => {
    await step('lint (ESLint, import cycles)', 'npm', ['run', '--silent', 'lint']);
    await step('typecheck (contract, server, web, e2e, bench, scripts)', 'npm', ['run', '--silent', 'typecheck']);
    built = await step('production build', 'npm', ['run', '--silent', 'build']);
    // Starts the production server (apps/server/dist) as real processes.
    if (built) await vitest('two server processes on one PostgreSQL database', ['cluster']);
  })(),
]);

await vitest('API tests (app.inject, a copy of the migrated database per file)', ['api']);
// The journeys start their own servers, each with an embedded PostgreSQL in its own DATA_DIR.
if (built) await vitest('browser journeys (production build, headless Chromium, two files at a time)', ['e2e'], { DATABASE_URL: undefined });

fs.rmSync(tmp, { recursive: true, force: true });
console.log('\nStage times:');
for (const t of timings) console.log(`  ${t.seconds.toFixed(0).padStart(5)} s  ${t.label}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
if (problems.length) console.log(`\nFailed: ${problems.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
