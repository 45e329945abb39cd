/** Local disk: files under `config.storage.dir`, served by the server at `/media/*`. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type MediaStorage } from './interface.js';

export function createLocalStorage(opts: { dir: string; publicUrl: string }): MediaStorage {
  const root = path.resolve(opts.dir);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Storage key escapes the media directory: ${key}`);
    return file;
  };
  return {
    driver: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `${opts.publicUrl}/media/${key}`;
    },
    locator(key) {
      assertSafeKey(key);
      return key;
    },
  };
}
