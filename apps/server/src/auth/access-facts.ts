/**
 * Access facts kept per process, forgotten when PostgreSQL says they changed.
 *
 * What is kept: for a user and the organizations a policy names, the rows of the access check
 * (their memberships with team roles and purchasing relationships there, auth/access.ts), and
 * the value of a route's `accessAlongside` when the route marks it kept
 * (`keptUntilNotified`, policies.ts: the storefront's catalogue stamp). A request whose facts
 * are all kept is decided without a database round trip.
 *
 * How it stays right: statement triggers (migration 0041) call pg_notify('cratebase_access')
 * in every transaction that writes memberships, purchasing relationships, customer price lists,
 * price lists, catalogue versions or an organization's name, naming the ids written: `a:` for
 * who may act where (forgets kept role rows and kept values naming an id), `c:` for what the
 * storefront's stamps read (forgets kept values naming an id). This process LISTENs on one
 * dedicated connection (db/notifications.ts) and forgets what a notification names as it
 * arrives. While that connection is down or not yet listening nothing is kept or served from
 * here: every request reads the database as before; when it goes down and when it is listening
 * again everything kept is dropped (notifications in between are lost).
 *
 * The price: a change committed by another process is seen when its notification arrives
 * (within a millisecond on one host), not strictly on the next request. This process's own
 * writes are seen at once: after any statement of its pool that may have written, the next
 * request served from here first makes a round trip on the listening connection, which hands
 * over every notification committed before it (db/notifications.ts `sync`).
 *
 * Races: a read that started before a notification must not keep what it read (its snapshot may
 * predate the change). Every notification gets a sequence number; a read notes the number when
 * it starts and keeps its result only if no notification naming one of its ids (or dropping
 * everything) came after.
 *
 * Memory: at most `maxEntries` kept role rows and as many kept values, least recently used
 * forgotten first.
 */
import pg from 'pg';
import type { Db } from '../db/client.js';
import { poolOf } from '../db/client.js';
import { processWrites, startListener, trackWrites, type Listener } from '../db/notifications.js';
import { accessFromRows, readAccessRows, renderSql, selectRendered, type Access, type AccessRow } from './access.js';
import { alongsideSql, isKeptAlongside, type AccessAlongsideValue } from './policies.js';

/**
 * The access check read from the database now (nothing kept): the user's roles among `owners`
 * and the route's `accessAlongside` value, in one statement.
 */
export async function readAccessNow(
  db: Db,
  userId: string,
  owners: readonly string[],
  alongside: AccessAlongsideValue | undefined,
): Promise<Access & { alongside: unknown }> {
  const ids = [...new Set(owners)];
  const rendered = alongside === undefined ? undefined : renderSql(alongsideSql(alongside));
  if (ids.length === 0) {
    return {
      roles: new Map(),
      teamRoles: new Map(),
      alongside: rendered ? await selectRendered(db, rendered) : undefined,
    };
  }
  const result = await readAccessRows(db, userId, ids, rendered);
  return { ...accessFromRows(result.rows), alongside: result.alongside };
}

/** The channel the triggers notify on (migration 0041). */
export const ACCESS_CHANNEL = 'cratebase_access';

export interface AccessFactsOptions {
  /** Kept role rows, and separately kept values, at most (least recently used forgotten). */
  maxEntries?: number;
  /** Told when the listening connection goes down (it reconnects on its own). */
  onDown?: (err: unknown) => void;
  /** A direct connection for LISTEN (config DATABASE_LISTEN_URL); default: the pool's settings. */
  listenConnectionString?: string;
}

export const ACCESS_FACTS_MAX_ENTRIES = 20_000;

export interface AccessFacts {
  /**
   * The caller's roles among `owners` and the route's `accessAlongside` value: kept when this
   * process knows both, else read from the database in one statement (and kept when allowed).
   * `route` names the route (kept values of different routes are apart).
   */
  read(
    userId: string,
    owners: readonly string[],
    alongside: AccessAlongsideValue | undefined,
    route: string,
  ): Promise<Access & { alongside: unknown }>;
  /** Listening for notifications (and so keeping facts). */
  readonly listening: boolean;
  /** The listening connection's backend pid (tests end it). */
  readonly listenerPid: number | null;
  /** How many facts are kept (tests and diagnostics). */
  readonly size: { roles: number; values: number };
  /** Starts listening (the app's onReady). */
  start(): void;
  /** Stops listening and forgets everything (the app's onClose). */
  stop(): Promise<void>;
}

/** A map kept in least-recently-used order, each entry filed under ids that forget it. */
class TaggedLru<V> {
  private readonly entries = new Map<string, { value: V; tags: readonly string[] }>();
  private readonly byTag = new Map<string, Set<string>>();
  constructor(private readonly max: number) {}

  get size() {
    return this.entries.size;
  }

  get(key: string): { value: V } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, value: V, tags: readonly string[]) {
    this.delete(key);
    this.entries.set(key, { value, tags });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.max) this.delete(this.entries.keys().next().value!);
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  forgetTag(tag: string) {
    const keys = this.byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.delete(key);
  }

  clear() {
    this.entries.clear();
    this.byTag.clear();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** More remembered notifications than this while reads are in flight: those reads keep nothing. */
const RECENT_MAX = 10_000;

export function createAccessFacts(db: Db, options: AccessFactsOptions = {}): AccessFacts {
  const max = options.maxEntries ?? ACCESS_FACTS_MAX_ENTRIES;
  const roles = new TaggedLru<AccessRow[]>(max);
  const values = new TaggedLru<unknown>(max);
  const pool = poolOf(db);
  trackWrites(pool);

  let listener: Listener | null = null;
  let live = false;
  /** Sequence number of the last notification (or drop). */
  let seq = 0;
  /** Reads that started before this number keep nothing. */
  let keepFrom = 0;
  /** id → sequence number of the last notification naming it: `a:` (roles and values), `c:` (values). */
  const recentAccess = new Map<string, number>();
  const recentCatalog = new Map<string, number>();
  let inFlight = 0;
  /** The process's writes seen by the last sync of the listening connection. */
  let syncedWrites = processWrites();
  let syncing: Promise<void> | null = null;

  function dropAll() {
    seq += 1;
    keepFrom = seq;
    roles.clear();
    values.clear();
    recentAccess.clear();
    recentCatalog.clear();
  }

  function remember(recent: Map<string, number>, id: string) {
    recent.set(id, seq);
    if (recent.size > RECENT_MAX) {
      // Too many to remember: the reads in flight keep nothing instead.
      keepFrom = seq + 1;
      seq += 1;
      recentAccess.clear();
      recentCatalog.clear();
    }
  }

  function onNotification(payload: string) {
    const kind = payload.slice(0, 2);
    if (kind !== 'a:' && kind !== 'c:') {
      dropAll();
      return;
    }
    const ids = payload.slice(2);
    if (ids === '*') {
      if (kind === 'a:') dropAll();
      else {
        seq += 1;
        keepFrom = seq;
        values.clear();
      }
      return;
    }
    seq += 1;
    for (const id of ids.split(',')) {
      if (kind === 'a:') {
        roles.forgetTag(id);
        if (inFlight > 0) remember(recentAccess, id);
      } else if (inFlight > 0) remember(recentCatalog, id);
      values.forgetTag(id);
    }
  }

  /** Whether a read that started at `start` may keep a fact filed under `tags`. */
  function mayKeep(start: number, tags: readonly string[], catalogToo: boolean): boolean {
    if (!live || start < keepFrom) return false;
    for (const tag of tags) {
      if ((recentAccess.get(tag) ?? -1) > start) return false;
      if (catalogToo && (recentCatalog.get(tag) ?? -1) > start) return false;
    }
    return true;
  }

  /**
   * Whether the notifications of the writes this process finished before now have arrived:
   * after a write, a round trip on the listening connection (shared by the requests waiting for
   * it). Writes finished later, by requests running alongside, are not this request's to see, so
   * two rounds at most (one already under way may have started before the last such write) —
   * under a stream of writes (50 carts changing at once) a request waits for one shared round
   * trip, not for the stream to stop.
   */
  async function caughtUp(): Promise<boolean> {
    const needed = processWrites();
    for (let round = 0; round < 2 && live && syncedWrites < needed; round++) {
      if (!syncing) {
        const target = processWrites();
        const l = listener;
        syncing = (async () => {
          if (l && (await l.sync())) syncedWrites = Math.max(syncedWrites, target);
        })().finally(() => {
          syncing = null;
        });
      }
      await syncing;
    }
    return live && syncedWrites >= needed;
  }

  const roleKey = (userId: string, ids: readonly string[]) =>
    ids.length === 1 ? `${userId}\u0000${ids[0]}` : `${userId}\u0000${[...ids].sort().join(',')}`;

  const noAccessWith = (alongside: unknown): Access & { alongside: unknown } => ({
    roles: new Map(),
    teamRoles: new Map(),
    alongside,
  });

  async function read(
    userId: string,
    owners: readonly string[],
    alongside: AccessAlongsideValue | undefined,
    route: string,
  ): Promise<Access & { alongside: unknown }> {
    const ids = owners.length === 1 ? owners : [...new Set(owners)];
    const kept = alongside !== undefined && isKeptAlongside(alongside) ? alongside : undefined;
    const valueKey = kept ? `${route}\u0000${userId}\u0000${kept.keep}` : '';
    const keyOfRoles = ids.length > 0 ? roleKey(userId, ids) : '';
    if (
      live &&
      ids.length > 0 &&
      (alongside === undefined || kept) &&
      (syncedWrites >= processWrites() || (await caughtUp()))
    ) {
      const rows = roles.get(keyOfRoles);
      if (rows) {
        if (!kept) return { ...accessFromRows(rows.value), alongside: undefined };
        const value = values.get(valueKey);
        if (value) return { ...accessFromRows(rows.value), alongside: value.value };
      }
    }
    const start = seq;
    inFlight += 1;
    try {
      const rendered = alongside === undefined ? undefined : renderSql(alongsideSql(alongside));
      if (ids.length === 0) return noAccessWith(rendered ? await selectRendered(db, rendered) : undefined);
      const result = await readAccessRows(db, userId, ids, rendered);
      const roleTags = [userId, ...ids];
      if (mayKeep(start, roleTags, false)) roles.set(keyOfRoles, result.rows, roleTags);
      if (kept && rendered) {
        // Filed under every id bound in the statement (the rule of keptUntilNotified).
        const valueTags = [
          userId,
          ...rendered.params.filter((p): p is string => typeof p === 'string' && UUID.test(p)),
        ];
        if (valueTags.length > 1 && mayKeep(start, valueTags, true)) values.set(valueKey, result.alongside, valueTags);
      }
      return { ...accessFromRows(result.rows), alongside: result.alongside };
    } finally {
      inFlight -= 1;
      if (inFlight === 0) {
        recentAccess.clear();
        recentCatalog.clear();
      }
    }
  }

  return {
    read,
    get listening() {
      return live;
    },
    get listenerPid() {
      return listener?.backendPid ?? null;
    },
    get size() {
      return { roles: roles.size, values: values.size };
    },
    start() {
      if (listener) return;
      listener = startListener({
        channel: ACCESS_CHANNEL,
        // The pool's own settings (the same server and user), on a connection of its own.
        connect: () =>
          new pg.Client({
            ...(options.listenConnectionString ? { connectionString: options.listenConnectionString } : pool.options),
            application_name: 'cratebase-listen',
            keepAlive: true,
          }),
        onNotification,
        onUp() {
          dropAll();
          syncedWrites = processWrites();
          live = true;
        },
        onDown(err) {
          live = false;
          dropAll();
          options.onDown?.(err);
        },
      });
    },
    async stop() {
      const l = listener;
      listener = null;
      live = false;
      dropAll();
      await l?.stop();
    },
  };
}
