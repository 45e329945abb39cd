// `npm test`: lint and typecheck, unit and API tests on embedded PGlite, the API tests again on PostgreSQL when
// DATABASE_URL is set, then the browser journeys against the production build.
// Ends with one line `N passed, N failed` and a non-zero exit on any failure.
import { spawnSync } from 'node:child_process';
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
const timed = (label, fn) => {
  const t0 = Date.now();
  try {
    return fn();
  } finally {
    timings.push({ label, seconds: (Date.now() - t0) / 1000 });
  }
};

function vitest(label, args, env) {
  return timed(label, () => runVitest(label, args, env));
}

function runVitest(label, args, env) {
  runs += 1;
  const out = path.join(tmp, `${runs}.json`);
  console.log(`\n━━ ${label} ━━`);
  const res = spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    const suiteErrors = r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.every((a) => a.status !== 'failed'));
    failed += suiteErrors.length;
    if (r.numFailedTests || suiteErrors.length) problems.push(label);
  } else if (res.status !== 0) {
    failed += 1;
    problems.push(`${label} (runner crashed)`);
  }
  if (res.status !== 0 && !problems.includes(label)) {
    failed += 1;
    problems.push(`${label} (exit ${res.status})`);
  }
}

/** A step that is not a vitest run (lint, typecheck, build): one pass or one failure. */
function step(label, command, args) {
  return timed(label, () => runStep(label, command, args));
}

function runStep(label, command, args) {
  console.log(`\n━━ ${label} ━━`);
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    failed += 1;
    problems.push(label);
    return false;
  }
  passed += 1;
  return true;
}

step('lint (ESLint)', 'npx', ['eslint', '.', '--max-warnings=0']);
step('typecheck (contract, server, web, e2e, bench, scripts)', 'npm', ['run', '--silent', 'typecheck']);

const { DATABASE_URL, ...withoutDb } = process.env;
process.env = withoutDb;
vitest('unit tests', ['--project', 'unit'], {});
vitest('API tests on embedded PGlite', ['--project', 'api'], {});
if (DATABASE_URL) vitest('API tests on PostgreSQL', ['--project', 'api'], { DATABASE_URL });

if (step('production build', 'npm', ['run', 'build'])) {
  // Both suites below start the production server (apps/server/dist) as a real process.
  if (DATABASE_URL) vitest('two server processes on one PostgreSQL database', ['--project', 'cluster'], { DATABASE_URL });
  vitest('browser journeys (production build, headless Chromium)', ['--project', 'e2e'], {});
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log('\nStage times:');
for (const t of timings) console.log(`  ${t.seconds.toFixed(0).padStart(5)} s  ${t.label}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
if (problems.length) console.log(`\nFailed: ${problems.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
