/**
 * PostgreSQL notifications for this process: ONE dedicated connection (not from the pool) that
 * LISTENs on a channel and hands each payload to the caller, and says when it is listening and
 * when it stopped (the connection ended, failed or was terminated). It reconnects on its own,
 * with a growing pause (100 ms doubling to 5 s); a caller that keeps anything on the strength of
 * the notifications must forget it all when the connection goes down and again when it is
 * listening anew, since notifications sent in between are lost.
 *
 * Also here: what this process wrote. `trackWrites(pool)` counts every statement of the pool
 * that may have written (anything but a plain SELECT, and every COMMIT) once it has completed,
 * process-wide (`processWrites()`); `sync()` makes a round trip on the listening connection, after
 * which every notification of a transaction that committed before it was sent has been handed
 * over (PostgreSQL delivers pending notifications before it says it is ready for the next
 * statement). Together they let a process see its own writes at once.
 */
import pg from 'pg';

export interface ListenerOptions {
  /** A new, unconnected client for the dedicated connection. */
  connect(): pg.Client;
  /** The channel name (an SQL identifier: letters, digits, underscores). */
  channel: string;
  onNotification(payload: string): void;
  /** Listening: notifications of every transaction committed from now on will arrive. */
  onUp(): void;
  /** Not listening any more (it reconnects): notifications may have been lost. */
  onDown(err: unknown): void;
}

export interface Listener {
  /** Whether the connection is up and LISTENing. */
  readonly listening: boolean;
  /** The listening connection's backend pid (null while down): tests terminate it. */
  readonly backendPid: number | null;
  /**
   * A round trip on the listening connection: resolves once the notifications of everything
   * committed before it have been handed to `onNotification`; false when not listening.
   */
  sync(): Promise<boolean>;
  /** Ends the connection for good (no onDown). */
  stop(): Promise<void>;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

export function startListener(opts: ListenerOptions): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(opts.channel)) throw new Error(`startListener: bad channel name ${opts.channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let listening = false;
  let backendPid: number | null = null;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | null = null;

  function schedule() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  async function connect() {
    if (stopped) return;
    const c = opts.connect();
    client = c;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      if (client === c) client = null;
      backendPid = null;
      if (listening) {
        listening = false;
        opts.onDown(err);
      }
      c.end().catch(() => {});
      schedule();
    };
    c.on('error', fail);
    c.on('end', () => fail(new Error('the listening connection ended')));
    c.on('notification', (msg) => {
      if (!failed && msg.channel === opts.channel) opts.onNotification(msg.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${opts.channel}`);
      const pid = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (failed || stopped) return;
      backendPid = pid.rows[0]?.pid ?? null;
      listening = true;
      retryMs = FIRST_RETRY_MS;
      opts.onUp();
    } catch (err) {
      fail(err);
    }
  }

  void connect();

  return {
    get listening() {
      return listening;
    },
    get backendPid() {
      return backendPid;
    },
    async sync() {
      const c = client;
      if (!listening || !c) return false;
      try {
        await c.query('select 1');
        return listening && client === c;
      } catch {
        return false;
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const c = client;
      client = null;
      // Stopping is not going down: no onDown (the caller stops using what it kept itself).
      listening = false;
      backendPid = null;
      if (c) await c.end().catch(() => {});
    },
  };
}

// ─── What this process wrote ───────────────────────────────────────────────────────────────

let writes = 0;
const tracked = new WeakSet<pg.Pool>();

/** How many statements that may have written have completed in this process (see trackWrites). */
export function processWrites(): number {
  return writes;
}

const READ_ONLY = /^\s*select\b/i;

function mayWrite(config: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return true;
  return !READ_ONLY.test(text);
}

function counted(result: unknown): unknown {
  if (result instanceof Promise) {
    return result.then(
      (v: unknown) => {
        writes += 1;
        return v;
      },
      (err: unknown) => {
        writes += 1;
        throw err;
      },
    );
  }
  writes += 1;
  return result;
}

/**
 * Counts the pool's statements that may have written, and every statement of the clients it
 * lends (transactions), once they complete. Idempotent per pool.
 */
export function trackWrites(pool: pg.Pool): void {
  if (tracked.has(pool)) return;
  tracked.add(pool);
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  // pg declares query's many overloads; the wrapper passes every argument on unchanged.
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) =>
    mayWrite(config) ? counted(query(config, ...rest)) : query(config, ...rest);
  const lent = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (lent.has(client)) return;
    lent.add(client);
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    // As above: the same arguments, the result counted when it may have written.
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) =>
      mayWrite(config) ? counted(clientQuery(config, ...rest)) : clientQuery(config, ...rest);
  });
}
