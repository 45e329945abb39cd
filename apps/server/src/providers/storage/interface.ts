/**
 * Where uploaded files live. Keys are chosen by the server, unique per upload and never
 * reused (`{org}/{media}/{name}.{ext}`), so every stored object is immutable and can be
 * cached for a year.
 */
export interface MediaStorage {
  readonly driver: 'local' | 's3';
  /** Stores the bytes under the key (overwrites an object with the same key). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none (private files are read through the API). */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The absolute URL a browser loads the object from. */
  publicUrl(key: string): string;
  /**
   * What the database stores for the object (media.storage_key and media.variants), turned
   * into a URL by lib/media-url.ts: a key relative to `$PUBLIC_URL/media/` for the local
   * driver (so a new PUBLIC_URL is followed), the absolute object URL for S3.
   */
  locator(key: string): string;
}

/**
 * Keys under this prefix are private (resale certificates): never served at a public URL — the
 * local driver's /media/ route refuses them; an S3 bucket's public-read policy must not cover it.
 */
export const PRIVATE_KEY_PREFIX = 'private/';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Keys we generate: path segments of letters, digits, dot, dash and underscore; no "..". */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
