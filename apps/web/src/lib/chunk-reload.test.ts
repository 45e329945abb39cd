import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithReload, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk load recovery', () => {
  it('recognises the browsers’ dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('x'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });

  it('reloads once, then not again within the guard window', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(reloadOnceForChunkError(storage, reload, 1_005_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Much later (another deployment) it may reload again.
    expect(reloadOnceForChunkError(storage, reload, 2_000_000)).toBe(true);
  });

  it('rethrows a chunk failure as ChunkLoadError when the page already reloaded', async () => {
    window.sessionStorage.setItem('cratebase.chunk_reload_at', String(Date.now()));
    const load = importWithReload(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('passes other errors through untouched', async () => {
    const boom = new Error('module crashed');
    const load = importWithReload(() => Promise.reject(boom));
    await expect(load()).rejects.toBe(boom);
  });
});
