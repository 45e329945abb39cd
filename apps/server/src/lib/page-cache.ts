/**
 * A per-process cache of list pages (or single reads, e.g. the product page) as JSON text, each
 * held with the stamp (catalogue version) it was built from. It never decides freshness itself: the caller reads the current stamp from
 * the database on every request and gets an entry only when the stamps are equal, so another
 * process's change is seen at once and nothing here needs invalidating. Entries of an old stamp
 * simply stop matching and age out.
 *
 * Bounded by entries and by bytes (least recently used first out); a page larger than an
 * eighth of the byte budget is served but not kept. A miss for a key that is already being
 * built waits for that build instead of running the same query again (a burst right after a
 * change asks for the same first page many times).
 */
import { getHeapStatistics } from 'node:v8';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NEXT_CURSOR_HEADER } from '@cratebase/contract';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';

export type PageEncoding = 'br' | 'gzip';

export interface CachedPage<Meta = unknown> {
  /** What the page was built from (a stamp read from the database in the same statement, e.g. the catalogue version). */
  stamp: string;
  /** The response body: a JSON array (or, for a single read, the JSON object). */
  json: string;
  nextCursor: string | null;
  /**
   * What the builder keeps with the page for its route, read in the same statement and never
   * sent (e.g. who may see a product). Keep it small: it is not counted against the budget.
   */
  meta?: Meta;
  /** The body compressed, per encoding, made on first request (see compressedBody). */
  compressed: Partial<Record<PageEncoding, Buffer>>;
  /** Bytes counted against the budget. */
  bytes: number;
}

export interface PageCacheOptions {
  maxEntries: number;
  maxBytes: number;
}

/**
 * How much of its byte budget a cache gets in this process. The budgets (all the caches together
 * ~180 MB) are for a JS heap of 1 GB or more, Node's default on any machine with 2 GB of memory
 * or more. A process started with a smaller heap — `npm start`, the embedded default, gives 192
 * MB (package.json, main.ts) — gets them scaled down in proportion, so full caches still leave
 * the heap room for the requests.
 */
const HEAP_SHARE = Math.min(1, getHeapStatistics().heap_size_limit / 1024 ** 3);

/** A cache's bounds: at most `maxEntries` entries and `maxBytes` bytes, scaled as above. */
export function pageCacheBounds(maxEntries: number, maxBytes: number): PageCacheOptions {
  return { maxEntries, maxBytes: Math.floor(maxBytes * HEAP_SHARE) };
}

export const DEFAULT_PAGE_CACHE: PageCacheOptions = pageCacheBounds(5000, 64 * 1024 * 1024);

/** Bytes held by a key and an entry (strings count two bytes a character, as V8 may store them). */
const sizeOf = (key: string, page: CachedPage) =>
  2 * (key.length + page.json.length + (page.nextCursor?.length ?? 0) + page.stamp.length) +
  (page.compressed.br?.length ?? 0) +
  (page.compressed.gzip?.length ?? 0) +
  200;

export class PageCache<Meta = unknown> {
  private readonly entries = new Map<string, CachedPage<Meta>>();
  private readonly building = new Map<string, Promise<CachedPage<Meta>>>();
  private bytes = 0;

  constructor(private readonly options: PageCacheOptions = DEFAULT_PAGE_CACHE) {}

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /** The page under `key` when it was built from `stamp`. */
  get(key: string, stamp: string): CachedPage<Meta> | undefined {
    const page = this.entries.get(key);
    if (!page || page.stamp !== stamp) return undefined;
    // Most recently used goes last: Map keeps insertion order, eviction takes the first.
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  /**
   * The page under `key` for `stamp`: the cached one, or the one a build already under way
   * returns when it was built from `stamp`, or a new build. A build's page is kept under its own
   * stamp (read in its statement) — which is newer than `stamp` when the catalogue changed in
   * between, and then is what the caller should answer.
   */
  async getOrBuild(
    key: string,
    stamp: string,
    build: () => Promise<Omit<CachedPage<Meta>, 'compressed' | 'bytes'>>,
  ): Promise<CachedPage<Meta>> {
    const cached = this.get(key, stamp);
    if (cached) return cached;
    const pending = this.building.get(key);
    if (pending) {
      const page = await pending.catch(() => undefined);
      if (page && page.stamp === stamp) return page;
    }
    const promise = build().then((built) => {
      const page: CachedPage<Meta> = { ...built, compressed: {}, bytes: 0 };
      this.put(key, page);
      return page;
    });
    this.building.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.building.get(key) === promise) this.building.delete(key);
    }
  }

  /**
   * The page's body compressed with `encoding`, made once and kept with the page (bodies below
   * `threshold` bytes are not worth it: null).
   */
  compressedBody(key: string, page: CachedPage<Meta>, encoding: PageEncoding, threshold: number): Buffer | null {
    if (page.json.length < threshold) return null;
    let body = page.compressed[encoding];
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(page.json, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page.json),
              },
            })
          : gzipSync(page.json);
      page.compressed[encoding] = body;
      // Count it when the page is still the one held under the key.
      if (this.entries.get(key) === page) {
        this.bytes += body.length;
        page.bytes += body.length;
        this.evict();
      }
    }
    return body;
  }

  private put(key: string, page: CachedPage<Meta>) {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    page.bytes = sizeOf(key, page);
    if (page.bytes > this.options.maxBytes / 8) return;
    this.entries.set(key, page);
    this.bytes += page.bytes;
    this.evict();
  }

  private evict() {
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      const page = this.entries.get(oldest.value)!;
      this.entries.delete(oldest.value);
      this.bytes -= page.bytes;
    }
  }
}

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli, else gzip, as the client
 * allows (`q=0` refuses one); null for neither.
 */
export function chooseEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  let br = false;
  let gzip = false;
  let star: boolean | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)).find(Boolean);
    const allowed = !q || Number(q[1]) > 0;
    if (name === 'br') br = allowed;
    else if (name === 'gzip' || name === 'x-gzip') gzip = allowed;
    else if (name === '*') star = allowed;
  }
  const named = acceptEncoding.toLowerCase();
  if (br || (star && !/\bbr\b/.test(named))) return 'br';
  if (gzip || (star && !/gzip/.test(named))) return 'gzip';
  return null;
}

/**
 * Answers with a cached page: compressed once per encoding and kept with the page (the
 * compression plugin leaves a body that already has a Content-Encoding alone).
 */
export function sendCachedPage<Meta>(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache<Meta>,
  key: string,
  page: CachedPage<Meta>,
) {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const body = encoding && cache.compressedBody(key, page, encoding, COMPRESSION_THRESHOLD_BYTES);
  if (encoding && body) return reply.header('content-encoding', encoding).send(body);
  return reply.send(page.json);
}
