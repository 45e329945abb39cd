/**
 * Recovery from failed code-split chunk loads (spec section 8: ChunkLoadError). After a
 * deployment the old chunk names disappear; reloading once fetches the new index.html. A
 * sessionStorage timestamp makes sure a chunk that keeps failing ends on the error page
 * instead of a reload loop.
 */
const RELOAD_KEY = 'cratebase.chunk_reload_at';
const RELOAD_GUARD_MS = 15_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk [\w-]+ failed/i,
  /'text\/html' is not a valid javascript mime type/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

/** Reloads the page unless it already did so moments ago. Returns whether it reloads. */
export function reloadOnceForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeSessionStorage(),
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  if (!storage) return false;
  const last = Number(storage.getItem(RELOAD_KEY) ?? '0');
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_KEY, String(now));
  reload();
  return true;
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Wraps a route module import: a chunk failure reloads the page once (the returned promise
 * never settles while the browser reloads); a second failure is rethrown as ChunkLoadError
 * for the route's error boundary.
 */
export function importWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      const module = await load();
      // Vite resolves with undefined when a 'vite:preloadError' listener already started the reload.
      if (module === undefined) return new Promise<T>(() => undefined);
      return module;
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      if (reloadOnceForChunkError()) return new Promise<T>(() => undefined);
      throw new ChunkLoadError(error instanceof Error ? error.message : 'A part of the app failed to load', {
        cause: error,
      });
    }
  };
}
