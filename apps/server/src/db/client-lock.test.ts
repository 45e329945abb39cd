/**
 * One process per embedded database: a second open of a PGlite data directory in use is
 * refused (in this process or another one), a lock left by a dead process is taken over, and
 * closing releases the lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseInUseError, openDatabase } from './client.js';

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-lock-test-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const serverRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the real server entry (src/main.ts through tsx) on a data directory until it exits,
 * or until it says it is ready (then it is stopped and `started` is true: the test failed).
 */
function startServer(dir: string): Promise<{ started: boolean; code: number | null; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverRoot, env });
  let stderr = '';
  let started = false;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    if (!started && chunk.toString().includes('Cratebase is ready')) {
      started = true;
      child.kill('SIGKILL');
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve({ started, code, stderr }));
  });
}

describe('the embedded database lock', () => {
  it('refuses a second open of a directory in use, in this process and in another server process', async () => {
    const dir = path.join(dataDir, 'twice', 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    try {
      const second = openDatabase({ pgliteDir: dir });
      await expect(second).rejects.toBeInstanceOf(DatabaseInUseError);
      await expect(second).rejects.toThrow(/in use by another Cratebase process \(pid \d+\).*DATABASE_URL/);
      expect(fs.readFileSync(`${dir}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));

      const server = await startServer(path.dirname(dir));
      expect(server.started).toBe(false);
      expect(server.code).not.toBe(0);
      const lines = server.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Cratebase cannot start: .*is in use by another Cratebase process \(pid \d+\)/);
      expect(lines[0]).toContain('PostgreSQL');
      expect(lines[0]).toContain('DATABASE_URL');

      // The first one was not disturbed.
      await first.ping();
    } finally {
      await first.close();
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ pgliteDir: dir, migrate: false });
    await again.ping();
    await again.close();
    // It starts a whole server process from source (tsx compiles it first): on a loaded 2-core
    // machine that alone has taken over 30 s.
  }, 120_000);

  it('takes over a lock left by a process that is gone', async () => {
    const dir = path.join(dataDir, 'stale', 'pglite');
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(`${dir}.lock`, `${gone}\n${os.hostname()}\n`);
    const db = await openDatabase({ pgliteDir: dir });
    try {
      await db.ping();
      expect(fs.readFileSync(`${dir}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));
    } finally {
      await db.close();
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});
