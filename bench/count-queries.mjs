// A preload that counts the statements a running server sends (bench/profile-flows.ts):
// `node --import ./bench/count-queries.mjs …`. It wraps pg's Client#query (the server bundle
// keeps pg external, so it is this module); SIGWINCH writes the counts since the last one to
// PROFILE_DIR/queries-<pid>-<time>.json (statement text's first 120 characters → calls) and
// starts counting afresh.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const pg = createRequire(path.join(process.cwd(), 'package.json'))('pg');
const counts = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') {
    const key = text.slice(0, 240).replace(/\s+/g, ' ').trim().slice(0, 120);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return query.call(this, config, ...rest);
};
process.on('SIGWINCH', () => {
  const file = path.join(process.env.PROFILE_DIR ?? '.', `queries-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(Object.fromEntries([...counts].sort((a, b) => b[1] - a[1])), null, 1));
  counts.clear();
});
