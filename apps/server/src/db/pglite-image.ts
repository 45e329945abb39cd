/**
 * A pre-initialised embedded database, so that a first start does not run initdb and every
 * migration (seconds of WebAssembly, and a second PGlite instance's memory, on a small machine).
 *
 * `npm run build` (apps/server/build.mjs) creates a PGlite database in memory, applies every
 * migration, and dumps its data directory with PGlite's dumpDataDir into
 * dist/pglite-image.tar.gz, with dist/pglite-image.json naming the PGlite version that made it.
 * When the server starts and DATA_DIR/pglite holds no database yet, openPglite unpacks the image
 * there (into a temporary sibling first, renamed into place when complete, so an interrupted
 * first start leaves no half-written database) and then migrates as usual: a no-op when the
 * image is current, the missing migrations when it is older.
 *
 * The image holds only what the migrations create (schema and lookup lists). Secrets and other
 * per-install values (system_secrets: signing keys, cookie keys, the derivation root) are
 * written by the server at start, after the image is in place, so each install has its own.
 * No image (dev mode, tests from src/, another PGlite version) means the normal path: initdb.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export const PGLITE_IMAGE_FILE = 'pglite-image.tar.gz';
/** Beside the image: which PGlite version made it (another version may not read its files). */
const PGLITE_IMAGE_META = 'pglite-image.json';

interface ImageMeta {
  pglite: string;
}

/** The installed @electric-sql/pglite version. */
export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  // The package's exports do not include package.json: find it from the entry point.
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('@electric-sql/pglite/package.json not found');
    dir = parent;
  }
}

function metaPath(image: string): string {
  return path.join(path.dirname(image), PGLITE_IMAGE_META);
}

/**
 * The image shipped beside this module (dist/ after a build), or undefined when there is none
 * (src/ in dev mode and tests) or it was made by another PGlite version.
 */
export function shippedPgliteImage(dir: string = import.meta.dirname): string | undefined {
  const image = path.join(dir, PGLITE_IMAGE_FILE);
  return usableImage(image) ? image : undefined;
}

/** Whether `image` exists and was made by the installed PGlite version. */
export function usableImage(image: string): boolean {
  try {
    const meta = JSON.parse(fs.readFileSync(metaPath(image), 'utf8')) as Partial<ImageMeta>;
    return meta.pglite === pgliteVersion() && fs.statSync(image).isFile();
  } catch {
    return false;
  }
}

/**
 * Creates the image: a fresh in-memory PGlite database with every migration of
 * `migrationsFolder` applied, dumped as a gzipped tar of its data directory. Build time only.
 */
export async function buildPgliteImage(image: string, migrationsFolder: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create('memory://');
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    // Everything on disk (not only in the WAL), and nothing left for the first start to do.
    await client.exec('VACUUM ANALYZE');
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(image), { recursive: true });
    fs.writeFileSync(image, Buffer.from(await dump.arrayBuffer()));
    const meta: ImageMeta = { pglite: pgliteVersion() };
    fs.writeFileSync(metaPath(image), `${JSON.stringify(meta)}\n`);
  } finally {
    await client.close();
  }
}

/** Whether `dir` holds no database yet: missing, or an empty directory. */
export function hasNoDatabase(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * Unpacks `image` as the data directory `dir`, which must hold no database (see hasNoDatabase).
 * The files go to a temporary sibling that is renamed to `dir` once complete. The caller holds
 * the directory's lock.
 */
export function installPgliteImage(image: string, dir: string): void {
  const target = path.resolve(dir);
  const tmp = `${target}.image-${process.pid}`;
  // Left by a first start that was interrupted (the lock makes this process the only user).
  const leftover = `${path.basename(target)}.image-`;
  for (const name of fs.existsSync(path.dirname(target)) ? fs.readdirSync(path.dirname(target)) : []) {
    if (name.startsWith(leftover)) fs.rmSync(path.join(path.dirname(target), name), { recursive: true, force: true });
  }
  fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
  try {
    for (const entry of readTar(gunzipSync(fs.readFileSync(image)))) {
      const file = path.join(tmp, entry.name);
      if (entry.type === 'dir') fs.mkdirSync(file, { recursive: true, mode: 0o700 });
      else {
        fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        fs.writeFileSync(file, entry.data, { mode: 0o600 });
        if (entry.mtime) fs.utimesSync(file, entry.mtime, entry.mtime);
      }
    }
    if (!fs.existsSync(path.join(tmp, 'PG_VERSION'))) throw new Error(`${image} holds no database (no PG_VERSION)`);
    // rename() replaces an empty directory but not a missing parent.
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(tmp, target);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

interface TarEntry {
  name: string;
  type: 'file' | 'dir';
  mtime: number;
  data: Uint8Array;
}

/** The entries of a tar archive as PGlite's dumpDataDir writes it (files and directories). */
function* readTar(tar: Uint8Array): Generator<TarEntry> {
  const text = (start: number, length: number) => {
    const field = tar.subarray(start, start + length);
    const end = field.indexOf(0);
    return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString('utf8');
  };
  const octal = (start: number, length: number) => parseInt(text(start, length).trim() || '0', 8);
  for (let header = 0; header + 512 <= tar.length; ) {
    if (tar.subarray(header, header + 512).every((b) => b === 0)) return; // end of archive
    const prefix = text(header + 257, 5) === 'ustar' ? text(header + 345, 131) : '';
    const rawName = prefix ? `${prefix}/${text(header, 100)}` : text(header, 100);
    const size = octal(header + 124, 12);
    const mtime = octal(header + 136, 12);
    const flag = String.fromCharCode(tar[header + 156] || 48); // NUL: an old-style regular file
    const data = tar.subarray(header + 512, header + 512 + size);
    header += 512 + Math.ceil(size / 512) * 512;
    const name = path.posix.normalize(rawName.replace(/^\/+/, ''));
    if (!name || name === '.' || name === './') continue;
    if (name.startsWith('..') || path.posix.isAbsolute(name)) throw new Error(`unsafe path in database image: ${rawName}`);
    if (flag === '5') yield { name, type: 'dir', mtime, data };
    else if (flag === '0') yield { name, type: 'file', mtime, data };
  }
}
