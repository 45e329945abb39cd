/**
 * One process per embedded database directory: `<dir>.lock` names the Cratebase process that
 * runs the database in `dir` (its pid and host). A second open, in this process or another one,
 * is refused with DatabaseInUseError; a lock whose process is gone (a crash, a kill -9) is stale
 * and taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** The embedded database's directory is open in another process (or already in this one). */
export class DatabaseInUseError extends Error {
  constructor(
    public readonly dir: string,
    public readonly holder: { pid: number; host: string },
  ) {
    const where = holder.host === os.hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.host}`;
    super(
      `the embedded database in ${dir} is in use by another Cratebase process (${where}). ` +
        'Only one process can use an embedded database: stop the other one, or set DATABASE_URL to a ' +
        'PostgreSQL server to run several processes.',
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Lock files this process holds (a second open in the same process is refused too). */
const heldLocks = new Set<string>();

function readLockHolder(file: string): { pid: number; host: string; text: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const [pidLine, host = ''] = text.split('\n');
  const pid = Number(pidLine);
  return { pid: Number.isSafeInteger(pid) && pid > 0 ? pid : 0, host: host.trim(), text };
}

/** Whether the process that wrote a lock may still run (a lock of another machine is assumed held). */
function holderAlive(file: string, holder: { pid: number; host: string }): boolean {
  if (holder.pid === 0) return false; // unreadable: no live process writes such a file (see below)
  if (holder.host && holder.host !== os.hostname()) return true;
  if (holder.pid === process.pid) return heldLocks.has(file);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of a data directory: the file `<dir>.lock` (DATA_DIR/pg.lock)
 * holding this process's pid and host name. The file is written under a temporary name and
 * hard-linked into place, so it appears atomically and always complete. A lock whose process
 * is gone (a crash, a kill -9) is stale and taken over. Returns the release function.
 */
export function lockDataDirectory(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const content = `${process.pid}\n${os.hostname()}\n`;
  for (let attempt = 0; ; attempt++) {
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, content);
    try {
      fs.linkSync(tmp, file);
      heldLocks.add(file);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    const holder = readLockHolder(file);
    if (holder && (holderAlive(file, holder) || attempt > 0)) throw new DatabaseInUseError(dir, holder);
    if (attempt > 2) throw new DatabaseInUseError(dir, { pid: 0, host: '' });
    // Stale: remove it unless another process replaced it meanwhile, then try once more.
    if (holder && readLockHolder(file)?.text === holder.text) fs.rmSync(file, { force: true });
  }
  const releaseOnExit = () => release();
  process.once('exit', releaseOnExit);
  function release() {
    process.removeListener('exit', releaseOnExit);
    if (!heldLocks.delete(file)) return;
    if (readLockHolder(file)?.text === content) fs.rmSync(file, { force: true });
  }
  return release;
}
