/**
 * Compression: the SPA's files go out pre-compressed (the build's .br/.gz siblings) with their
 * cache rules intact; large API responses are compressed on the fly; images are not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { createHarness, type Harness } from '../test/support/harness.js';
import { makeImage, multipartBody } from '../test/support/media.js';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><title>Cratebase</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

let h: Harness;
let dist: string;
let dataDir: string;

/** A built web client in miniature: files with .br and .gz siblings, as scripts/precompress.mjs writes them. */
function writeDist(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const write = (name: string, text: string, variants: Array<'br' | 'gz'> = ['br', 'gz']) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    if (variants.includes('br')) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    if (variants.includes('gz')) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/main-abc123.js', SCRIPT);
  write('assets/only-gzip-def456.js', SCRIPT, ['gz']);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

/** The body as the browser would read it, checking that Content-Length is the bytes on the wire. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  if (res.headers['content-length'] !== undefined) expect(Number(res.headers['content-length'])).toBe(raw.length);
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(raw).toString('utf8');
    case undefined:
      return raw.toString('utf8');
    default:
      throw new Error(`unexpected content-encoding ${String(res.headers['content-encoding'])}`);
  }
}

const get = (url: string, acceptEncoding?: string, token?: string) =>
  h.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(acceptEncoding !== undefined ? { 'accept-encoding': acceptEncoding } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-dist-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-compression-'));
  writeDist(dist);
  h = await createHarness({ WEB_DIST_DIR: dist, DATA_DIR: dataDir });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the single-page app, pre-compressed', () => {
  it('sends a hashed asset as brotli, gzip or plain as the client accepts, cached for a year', async () => {
    const cases: Array<[string | undefined, string | undefined]> = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=1.0, gzip;q=0.8', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const res = await get('/assets/main-abc123.js', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decoded(res), accept).toBe(SCRIPT);
      if (encoding) expect(res.rawPayload.length, accept).toBeLessThan(SCRIPT.length / 4);
    }
  });

  it('falls back to the next encoding when a variant was not built', async () => {
    const res = await get('/assets/only-gzip-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('sends index.html compressed for app paths and revalidates it', async () => {
    for (const [url, accept, encoding] of [
      ['/', 'gzip, deflate, br', 'br'],
      ['/storefront/all?x=1', 'gzip', 'gzip'],
      ['/app/6f1c3b7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/welcome', undefined, undefined],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decoded(res), url).toBe(INDEX);
    }
    const file = await get('/favicon.svg', 'br');
    expect(file.headers['content-type']).toContain('image/svg+xml');
    expect(file.headers['cache-control']).toBe('no-cache');
  });

  it('answers a stale chunk with a 404, whatever the client accepts', async () => {
    for (const accept of ['br, gzip', 'gzip', undefined]) {
      const res = await get('/assets/main-old999.js', accept);
      expect(res.statusCode, accept).toBe(404);
      expect(res.headers['content-type'], accept).toContain('application/json');
    }
  });
});

describe('API responses', () => {
  it('compresses large ones (OpenAPI, product lists sent as pre-built JSON) and leaves small ones alone', async () => {
    const openapiBr = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(openapiBr.statusCode).toBe(200);
    expect(openapiBr.headers['content-encoding']).toBe('br');
    expect(openapiBr.headers.vary).toMatch(/accept-encoding/i);
    expect(Object.keys(JSON.parse(decoded(openapiBr)).paths)).toContain('/api/user/me');
    const openapiPlain = await get('/api/openapi.json');
    expect(openapiPlain.headers['content-encoding']).toBeUndefined();
    expect(openapiBr.rawPayload.length).toBeLessThan(openapiPlain.rawPayload.length / 4);

    const seller = await h.newOrgUser('Merchant');
    for (let i = 0; i < 12; i++) {
      const res = await h.call('PUT', '/api/product', {
        token: seller.token,
        body: { organization: { id: seller.orgId }, name: `Compressed product ${i}`, stock_keeping_unit: `CP-${i}` },
      });
      expect(res.status).toBe(200);
    }
    const listUrl = `/api/product/organization/${seller.orgId}`;
    const plain = await get(listUrl, undefined, seller.token);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(listUrl, accept, seller.token);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toContain('application/json');
      expect(JSON.parse(decoded(res)), accept).toEqual(plain.json());
    }

    // Under the threshold: sent as is.
    const small = await get('/healthz', 'gzip, br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends uploaded images as they are', async () => {
    const seller = await h.newOrgUser('Merchant');
    const image = await makeImage(300, 300, 'png');
    const mp = multipartBody([{ filename: 'logo.png', contentType: 'image/png', data: image }]);
    const upload = await h.call('POST', `/api/media/${seller.orgId}/upload`, {
      token: seller.token,
      body: mp.body,
      headers: mp.headers,
    });
    expect(upload.status).toBe(200);
    const url = new URL(upload.body.cloudinary_url as string);
    const res = await get(url.pathname, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
