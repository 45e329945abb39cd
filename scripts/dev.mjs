// `npm run dev`: the server in watch mode (tsx) and Vite with hot reload, in one command.
// Open http://localhost:5173 — Vite proxies the API, the identity provider and media.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: process.env.PORT ?? '3000',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
};
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
