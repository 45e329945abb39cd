// `npm run test:live`: the vendors' real browser code in test mode (Stripe.js with the embedded
// checkout, Connect's onboarding, Plaid Link in sandbox) against the production build, with no
// stand-in and no interception — the evidence docs/payments-live-check.md records. Not part of
// `npm test`. Without the keys it prints one line and exits 0; with a live key it refuses (exit 1).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { liveGate } from './live-gate.mjs';

const root = path.resolve(import.meta.dirname, '..');
const gate = liveGate(process.env);
if (gate.action !== 'run') {
  console.log(gate.line);
  process.exit(gate.action === 'skip' ? 0 : 1);
}

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
if (run('npm', ['run', 'build']) !== 0) process.exit(1);
process.exit(run('npx', ['vitest', 'run', '--project', 'live']));
