/**
 * The memory of a Cratebase process and of the embedded PostgreSQL it runs (Linux, /proc): the
 * server starts one `postgres` process (its own process group, still its child), which starts a
 * backend per connection and its background workers. Their RSS counts the memory they share
 * (shared_buffers, the binary's pages) once per process, so a plain sum overstates it; PSS
 * (/proc/<pid>/smaps_rollup) divides each shared page among the processes that map it, and sums
 * to what the group really holds.
 */
import fs from 'node:fs';

export interface TreeMemory {
  /** The node process's RSS (MB). */
  nodeRss: number;
  /** The node process's PSS (MB); NaN without smaps_rollup. */
  nodePss: number;
  /** The PostgreSQL processes under it: how many, the sum of their RSS and of their PSS (MB). */
  postgresProcesses: number;
  postgresRss: number;
  postgresPss: number;
}

function field(file: string, name: string): number {
  try {
    const line = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** RSS (MB) of one process, from /proc/<pid>/status; 0 when it is gone. */
export function rssMb(pid: number): number {
  const mb = field(`/proc/${pid}/status`, 'VmRSS');
  return Number.isNaN(mb) ? 0 : mb;
}

/** The peak RSS (MB) of one process since it started (VmHWM): what sampling can miss. */
export function peakRssMb(pid: number): number {
  const mb = field(`/proc/${pid}/status`, 'VmHWM');
  return Number.isNaN(mb) ? 0 : mb;
}

/** PSS (MB) of one process, from /proc/<pid>/smaps_rollup (Linux 4.14+); NaN when unavailable. */
export function pssMb(pid: number): number {
  return field(`/proc/${pid}/smaps_rollup`, 'Pss');
}

/** Every process below `pid` (children, their children, …), by the parent ids in /proc/<pid>/stat. */
export function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat, after the command in parentheses (which may hold spaces).
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone between readdir and read.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, of] of parentOf) {
      if (of === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function isPostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return false;
  }
}

/** The memory of `pid` and of the PostgreSQL processes below it (none for a PGlite or DATABASE_URL server). */
export function treeMemory(pid: number): TreeMemory {
  const postgres = descendants(pid).filter(isPostgres);
  let postgresRss = 0;
  let postgresPss = 0;
  for (const p of postgres) {
    const pss = pssMb(p);
    const rss = rssMb(p);
    // A backend that ended between the listing and the reads holds nothing: it is left out
    // (counting it as NaN would make the total fall back to the overstated RSS sum).
    if (Number.isNaN(pss) && rss === 0) continue;
    postgresRss += rss;
    postgresPss += pss;
  }
  return { nodeRss: rssMb(pid), nodePss: pssMb(pid), postgresProcesses: postgres.length, postgresRss, postgresPss };
}

/** node RSS + the PostgreSQL processes' PSS (MB): what the server holds, shared pages counted once. */
export function totalMb(m: TreeMemory): number {
  return m.nodeRss + (Number.isNaN(m.postgresPss) ? m.postgresRss : m.postgresPss);
}
