/**
 * The embedded PostgreSQL (embedded-postgres.ts): one Cratebase process per data directory (a
 * second open is refused, in this process and in a server process, with one clear line), a lock
 * left by a dead process is taken over, a PostgreSQL that a killed Cratebase left running is
 * stopped and the start goes on, and the data outlives a stop. It listens on no network port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseInUseError, openDatabase } from './client.js';
import { startEmbeddedPostgres, type ClusterTemplate } from './embedded-postgres.js';
import pg from 'pg';
import { sql } from 'drizzle-orm';

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-embedded-test-'));
  // When the tests run as root, PostgreSQL runs as the OS user `postgres`, which must reach it.
  fs.chmodSync(dataDir, 0o755);
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const serverRoot = path.resolve(import.meta.dirname, '../..');

function environment(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  return env;
}

/**
 * Runs the real server entry (src/main.ts through tsx) on a data directory until it exits,
 * or until it says it is ready (then it is stopped and `started` is true).
 */
function startServer(dir: string): Promise<{ started: boolean; code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverRoot, env: environment(dir) });
  let stdout = '';
  let stderr = '';
  let started = false;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (!started && stdout.includes('Cratebase is ready')) {
      started = true;
      child.kill('SIGTERM');
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve({ started, code, stdout, stderr }));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('the embedded PostgreSQL', () => {
  it('refuses a second open of a directory in use, in this process and in another server process', async () => {
    const dir = path.join(dataDir, 'twice', 'pg');
    const first = await openDatabase({ embeddedDir: dir });
    try {
      const second = openDatabase({ embeddedDir: dir });
      await expect(second).rejects.toBeInstanceOf(DatabaseInUseError);
      await expect(second).rejects.toThrow(/in use by another Cratebase process \(pid \d+\).*DATABASE_URL/);
      expect(fs.readFileSync(`${dir}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));

      const server = await startServer(path.dirname(dir));
      expect(server.started).toBe(false);
      expect(server.code).not.toBe(0);
      const lines = server.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Cratebase cannot start: .*is in use by another Cratebase process \(pid \d+\)/);
      expect(lines[0]).toContain('DATABASE_URL');

      // The first one was not disturbed.
      await first.ping();
    } finally {
      await first.close();
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
    // It starts a whole server process from source (tsx compiles it first): on a loaded 2-core
    // machine that alone has taken over 30 s.
  }, 120_000);

  it('takes over a lock left by a process that is gone, and keeps the data across a stop', async () => {
    const dir = path.join(dataDir, 'stale', 'pg');
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(`${dir}.lock`, `${gone}\n${os.hostname()}\n`);
    const db = await openDatabase({ embeddedDir: dir });
    try {
      expect(db.kind).toBe('embedded');
      expect(fs.readFileSync(`${dir}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));
      await db.db.execute(sql`create table kept (note text)`);
      await db.db.execute(sql`insert into kept values ('still here')`);
      // Only a Unix socket: the server has no TCP listener.
      const settings = await db.db.execute<{ listen_addresses: string }>(sql`select current_setting('listen_addresses') as listen_addresses`);
      expect(settings.rows[0]?.listen_addresses).toBe('');
    } finally {
      await db.close();
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);

    const again = await openDatabase({ embeddedDir: dir, migrate: false });
    try {
      const rows = await again.db.execute<{ note: string }>(sql`select note from kept`);
      expect(rows.rows.map((r) => r.note)).toEqual(['still here']);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('puts the socket in a short folder of its own when the data directory’s path is too long, and removes it at the stop', async () => {
    const dir = path.join(dataDir, 'a-data-directory-whose-path-is-too-long-for-a-unix-socket', 'x'.repeat(40), 'pg');
    const db = await openDatabase({ embeddedDir: dir });
    let socketDir: string;
    try {
      const rows = await db.db.execute<{ dirs: string }>(sql`select current_setting('unix_socket_directories') as dirs`);
      socketDir = rows.rows[0]?.dirs ?? '';
      expect(socketDir).not.toBe(dir);
      expect(socketDir.startsWith(os.tmpdir())).toBe(true);
      expect(fs.existsSync(socketDir)).toBe(true);
    } finally {
      await db.close();
    }
    expect(fs.existsSync(socketDir)).toBe(false);
  }, 120_000);

  it('stops a PostgreSQL that a killed Cratebase left running, says so, and starts', async () => {
    const dir = path.join(dataDir, 'orphan', 'pg');
    // A Cratebase that dies without stopping its database: kill -9 once the database is up.
    const script = `import { startEmbeddedPostgres } from './src/db/embedded-postgres.ts';
      const pg = await startEmbeddedPostgres({ dir: ${JSON.stringify(dir)} });
      console.log('pid ' + pg.pid);
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: serverRoot, env: environment(dataDir) });
    let out = '';
    const postgresPid = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /pid (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(alive(postgresPid)).toBe(true);

    const lines: string[] = [];
    const db = await openDatabase({ embeddedDir: dir, log: (line) => lines.push(line) });
    try {
      await db.ping();
      expect(lines).toEqual([`stopped the embedded PostgreSQL (pid ${postgresPid}) that an earlier Cratebase left running on ${dir}`]);
      expect(alive(postgresPid)).toBe(false);
    } finally {
      await db.close();
    }
  }, 120_000);
});

/** One statement on the server's database `postgres`. */
async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('a cold start from a template cluster', () => {
  /** A template whose `prepare` leaves one row in a table, and counts its runs. */
  function template(cacheDir: string, key = 'v1'): ClusterTemplate & { runs: number } {
    const made = {
      key,
      cacheDir,
      runs: 0,
      async prepare(server: { url: (db?: string) => string }) {
        made.runs++;
        await query(server.url(), `create table made_by (key text); insert into made_by values ('${key}')`);
      },
    };
    return made;
  }

  it('copies the template made once: what it holds, the modes PostgreSQL needs, each copy its own', async () => {
    const cacheDir = path.join(dataDir, 'templates');
    const made = template(cacheDir);
    const first = await startEmbeddedPostgres({ dir: path.join(dataDir, 'copy-one', 'pg'), template: made });
    const second = await startEmbeddedPostgres({ dir: path.join(dataDir, 'copy-two', 'pg'), template: made });
    try {
      expect(made.runs).toBe(1);
      await query(first.url(), `insert into made_by values ('only in the first')`);
      expect(await query(first.url(), 'select key from made_by order by key')).toEqual([{ key: 'only in the first' }, { key: 'v1' }]);
      expect(await query(second.url(), 'select key from made_by')).toEqual([{ key: 'v1' }]);
      for (const server of [first, second]) {
        expect(fs.statSync(server.dir).mode & 0o777).toBe(0o700);
        expect(fs.statSync(path.join(server.dir, 'base')).mode & 0o777).toBe(0o700);
        expect(fs.statSync(path.join(server.dir, 'PG_VERSION')).mode & 0o777).toBe(0o600);
        expect(fs.existsSync(`${server.dir}.copying`)).toBe(false);
      }
      // The cache holds the one finished template, nothing half-made.
      expect(fs.readdirSync(cacheDir).filter((e) => !e.startsWith('pg-'))).toEqual([]);
      expect(fs.readdirSync(cacheDir)).toHaveLength(1);
    } finally {
      await first.stop();
      await second.stop();
    }
  }, 120_000);

  it('discards a copy that a killed start left half-done, and replaces a template of another key', async () => {
    const cacheDir = path.join(dataDir, 'templates-rekeyed');
    await (await startEmbeddedPostgres({ dir: path.join(dataDir, 'rekey-one', 'pg'), template: template(cacheDir, 'v1') })).stop();
    const [oldTemplate] = fs.readdirSync(cacheDir);

    const dir = path.join(dataDir, 'rekey-two', 'pg');
    fs.mkdirSync(`${dir}.copying/base`, { recursive: true });
    fs.writeFileSync(`${dir}.copying/PG_VERSION`, 'half a copy');
    const next = template(cacheDir, 'v2');
    const server = await startEmbeddedPostgres({ dir, template: next });
    try {
      expect(next.runs).toBe(1);
      expect(await query(server.url(), 'select key from made_by')).toEqual([{ key: 'v2' }]);
      expect(fs.existsSync(`${dir}.copying`)).toBe(false);
      expect(fs.readdirSync(cacheDir)).toHaveLength(1);
      expect(fs.readdirSync(cacheDir)).not.toContain(oldTemplate);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('without a usable template (its preparation fails), starts from initdb and says why in one line', async () => {
    const cacheDir = path.join(dataDir, 'templates-broken');
    const lines: string[] = [];
    const broken: ClusterTemplate = {
      key: 'broken',
      cacheDir,
      prepare: () => Promise.reject(new Error('a migration failed')),
    };
    const server = await startEmbeddedPostgres({ dir: path.join(dataDir, 'from-initdb', 'pg'), template: broken, log: (l) => lines.push(l) });
    try {
      expect(lines).toEqual([
        "the embedded PostgreSQL's template could not be used (a migration failed); creating the database from scratch",
      ]);
      expect(await query(server.url(), `select count(*)::int as n from pg_tables where tablename = 'made_by'`)).toEqual([{ n: 0 }]);
      expect(fs.readdirSync(cacheDir)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
