/**
 * The embedded database's first start from a pre-initialised image (pglite-image.ts): a data
 * directory started from the image has every migration applied, secrets are still made per
 * install, an older image is brought up to date, and without a usable image the normal
 * initdb path runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, openDatabase, type Database } from './client.js';
import { buildPgliteImage, hasNoDatabase, PGLITE_IMAGE_FILE, shippedPgliteImage } from './pglite-image.js';
import { loadIdentitySecrets } from '../identity/secrets.js';

interface Journal {
  entries: { tag: string; when: number }[];
}

let root: string;
let image: string;
let olderImage: string;
let journal: Journal;
const OLDER_MIGRATIONS = 3;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-image-test-'));
  journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as Journal;
  image = path.join(root, 'current', PGLITE_IMAGE_FILE);
  await buildPgliteImage(image, migrationsFolder());
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

async function appliedMigrations(database: Database): Promise<number> {
  const exists = await database.db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists.rows[0]?.present) return 0;
  const rows = await database.db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return Number(rows.rows[0]?.count);
}

async function secretCount(database: Database): Promise<number> {
  const rows = await database.db.execute<{ count: number }>(sql`select count(*)::int as count from system_secrets`);
  return Number(rows.rows[0]?.count);
}

async function withDatabase<T>(
  options: Parameters<typeof openDatabase>[0],
  use: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(options);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

describe('the pre-initialised embedded database', () => {
  it('starts a new install with every migration applied and secrets of its own', async () => {
    const installs = ['first', 'second'].map((name) => path.join(root, name, 'pglite'));
    // What an interrupted first start leaves behind is cleared away.
    fs.mkdirSync(path.join(root, 'first', 'pglite.image-1'), { recursive: true });
    const secrets = [];
    for (const dir of installs) {
      expect(hasNoDatabase(dir)).toBe(true);
      // Without migrating: everything the install has comes from the image.
      const found = await withDatabase({ pgliteDir: dir, pgliteImage: image, migrate: false }, async (database) => {
        expect(await appliedMigrations(database)).toBe(journal.entries.length);
        // The image holds no per-install values: the server makes them at its first start.
        expect(await secretCount(database)).toBe(0);
        return loadIdentitySecrets(database.db);
      });
      secrets.push(found);
      expect(hasNoDatabase(dir)).toBe(false);
      // The next start finds its database (and its secrets) and migrating changes nothing.
      await withDatabase({ pgliteDir: dir, pgliteImage: image }, async (database) => {
        expect(await appliedMigrations(database)).toBe(journal.entries.length);
        expect(await loadIdentitySecrets(database.db)).toEqual(found);
      });
    }
    const [first, second] = secrets;
    expect(first!.jwks.keys[0]!.kid).not.toBe(second!.jwks.keys[0]!.kid);
    expect(first!.jwks.keys[0]!.d).not.toBe(second!.jwks.keys[0]!.d);
    expect(first!.cookieKeys).not.toEqual(second!.cookieKeys);
    // No half-unpacked image is left beside the data directories.
    expect(fs.readdirSync(path.join(root, 'first')).filter((f) => f.includes('.image-'))).toEqual([]);
  });

  describe('made by an older build', () => {
    beforeAll(async () => {
      // Only the first migrations existed then.
      const olderFolder = path.join(root, 'older-migrations');
      fs.cpSync(migrationsFolder(), olderFolder, { recursive: true });
      const olderJournal = { ...journal, entries: journal.entries.slice(0, OLDER_MIGRATIONS) };
      fs.writeFileSync(path.join(olderFolder, 'meta', '_journal.json'), JSON.stringify(olderJournal));
      olderImage = path.join(root, 'older', PGLITE_IMAGE_FILE);
      await buildPgliteImage(olderImage, olderFolder);
    });

    it('brings an install from an older image up to date', async () => {
      const dir = path.join(root, 'from-older', 'pglite');
      await withDatabase({ pgliteDir: dir, pgliteImage: olderImage, migrate: false }, async (database) => {
        expect(await appliedMigrations(database)).toBe(OLDER_MIGRATIONS);
      });
      await withDatabase({ pgliteDir: dir, pgliteImage: olderImage }, async (database) => {
        expect(await appliedMigrations(database)).toBe(journal.entries.length);
      });
    });
  });

  it('creates the database as before when there is no usable image', async () => {
    // Tests and dev mode run from src/, where no image is shipped.
    expect(shippedPgliteImage()).toBeUndefined();

    const missing = path.join(root, 'missing', 'pglite');
    await withDatabase({ pgliteDir: missing, pgliteImage: path.join(root, 'nowhere', PGLITE_IMAGE_FILE) }, async (database) => {
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
    });
  });

  it('does not use an image made by another PGlite version', async () => {
    // initdb runs instead, so without migrating the database has no migrations at all.
    const otherVersion = path.join(root, 'other-version');
    fs.cpSync(path.dirname(image), otherVersion, { recursive: true });
    fs.writeFileSync(path.join(otherVersion, 'pglite-image.json'), JSON.stringify({ pglite: '0.0.1' }));
    const dir = path.join(root, 'not-from-other-version', 'pglite');
    await withDatabase(
      { pgliteDir: dir, pgliteImage: path.join(otherVersion, PGLITE_IMAGE_FILE), migrate: false },
      async (database) => {
        expect(await appliedMigrations(database)).toBe(0);
      },
    );
  });
});
