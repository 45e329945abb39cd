// `npm start` runs this first: builds the web client and the server when their build is
// missing or older than the sources, so a fresh clone needs only `npm install && npm start`.
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) => {
  let t = 0;
  const walk = (d) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else t = Math.max(t, fs.statSync(p).mtimeMs);
    }
  };
  walk(dir);
  return t;
};
const mtime = (f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0);
const contract = newest(path.join(root, 'packages/contract/src'));

const targets = [
  { name: 'web', out: 'apps/web/dist/index.html', src: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'apps/web/package.json', 'scripts/precompress.mjs'] },
  { name: 'server', out: 'apps/server/dist/main.js', src: ['apps/server/src', 'apps/server/build.mjs'] },
];
for (const t of targets) {
  const built = mtime(path.join(root, t.out));
  const source = Math.max(contract, ...t.src.map((s) => {
    const p = path.join(root, s);
    return fs.existsSync(p) && fs.statSync(p).isDirectory() ? newest(p) : mtime(p);
  }));
  if (built === 0 || source > built) {
    console.log(`Building the ${t.name} (${built === 0 ? 'no build yet' : 'sources changed'})…`);
    // The build's own output (a line for every file it writes) is shown only if it fails.
    try {
      execSync(`npm run build -w apps/${t.name}`, { cwd: root, stdio: 'pipe' });
    } catch (err) {
      const output = /** @type {{ stdout?: Buffer, stderr?: Buffer }} */ (err);
      process.stdout.write(output.stdout ?? '');
      process.stderr.write(output.stderr ?? '');
      console.error(`Building the ${t.name} failed (its output is above).`);
      process.exit(1);
    }
  }
}
