/**
 * The S3 adapter against a local HTTP server that records the requests it receives (no
 * network): path-style PUTs with the image bytes, content type, immutable Cache-Control and a
 * SigV4 signature; public URLs; clean-up when the bucket fails.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { media } from '../../db/schema.js';
import { createS3Storage, s3PublicBase } from '../../providers/storage/s3.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';

interface Recorded {
  method: string;
  /** Path without the query (the SDK adds ?x-id=PutObject). */
  url: string;
  query: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: http.Server;
let endpoint: string;
let recorded: Recorded[] = [];
/** PUTs whose path contains this fail with a 500. */
let failPutsMatching: string | null = null;
let h: Harness;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [pathname, query = ''] = req.url!.split('?');
      recorded.push({ method: req.method!, url: pathname!, query, headers: req.headers, body: Buffer.concat(chunks) });
      if (req.method === 'PUT' && failPutsMatching && pathname!.includes(failPutsMatching)) {
        res.writeHead(500, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0"?><Error><Code>InternalError</Code><Message>boom</Message></Error>');
        return;
      }
      res.writeHead(req.method === 'DELETE' ? 204 : 200, { etag: '"abc"' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h = await createHarness({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'cb-media',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'AKIATESTKEY',
    S3_SECRET_ACCESS_KEY: 'test-secret',
  });
});
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  recorded = [];
  failPutsMatching = null;
});

async function upload(token: string, orgId: string, data: Buffer, purpose = 'product') {
  const mp = multipartBody([{ filename: 'p.png', contentType: 'image/png', data }]);
  return h.call('POST', `/api/media/${orgId}/upload?purpose=${purpose}`, { token, body: mp.body, headers: mp.headers });
}

describe('S3 storage', () => {
  it('PUTs the original and the variants with content type, immutable caching and a SigV4 signature', async () => {
    const s = await h.newOrgUser('Merchant');
    const res = await upload(s.token, s.orgId, await makeImage(700, 700));
    expect(res.status).toBe(200);
    const base = `${endpoint}/cb-media/${s.orgId}/${res.body.id}`;
    expect(res.body.cloudinary_url).toBe(`${base}/original.png`);
    const widths = [64, 120, 160, 200, 320, 400, 480, 600, 700];
    expect(res.body.variants).toEqual(Object.fromEntries(widths.map((w) => [String(w), `${base}/w${w}.webp`])));

    const puts = recorded
      .filter((r) => r.method === 'PUT')
      .sort((a, b) => a.url.localeCompare(b.url, 'en', { numeric: true }));
    expect(puts.map((p) => p.url)).toEqual([
      `/cb-media/${s.orgId}/${res.body.id}/original.png`,
      ...widths.map((w) => `/cb-media/${s.orgId}/${res.body.id}/w${w}.webp`),
    ]);
    for (const p of puts) {
      expect(p.query).toBe('x-id=PutObject');
      expect(p.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(p.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIATESTKEY\/\d{8}\/us-east-1\/s3\/aws4_request/,
      );
      expect(Number(p.headers['content-length'])).toBe(p.body.length);
    }
    const original = puts[0];
    const w200 = puts.find((p) => p.url.endsWith('/w200.webp'));
    expect(original!.headers['content-type']).toBe('image/png');
    expect(w200!.headers['content-type']).toBe('image/webp');
    const meta = await sharp(original!.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 700, 700]);
    expect((await sharp(w200!.body).metadata()).width).toBe(200);

    // The database keeps the object URL, so the organization's image set shows it as is.
    await h.call('PUT', '/api/organization/image_set', {
      token: s.token,
      body: { organization_id: s.orgId, logo: { id: res.body.id } },
    });
    const org = await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token });
    expect(org.body.image_set.logo.cloudinary_url).toBe(`${base}/original.png`);
  });

  it('answers 503 when the bucket fails, removes what it stored and saves no media row', async () => {
    const s = await h.newOrgUser('Merchant');
    failPutsMatching = '/original.';
    const res = await upload(s.token, s.orgId, await makeImage(300, 300));
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/could not be stored/);
    // The copies that were stored are deleted again.
    const stored = recorded.filter((r) => r.method === 'PUT' && r.url.includes('/w')).map((r) => r.url);
    expect(stored).toHaveLength(['64', '120', '160', '200', '300'].length);
    expect(recorded.filter((r) => r.method === 'DELETE').map((r) => r.url).sort()).toEqual(stored.sort());
    const rows = await h.testDb.database.db.select().from(media).where(eq(media.organizationId, s.orgId));
    expect(rows).toEqual([]);
  });

  it('builds public URLs from S3_PUBLIC_URL, the endpoint (path or host style) or AWS', async () => {
    const o = { bucket: 'b', region: 'eu-west-1', accessKeyId: undefined, secretAccessKey: undefined };
    expect(s3PublicBase({ ...o, endpoint: undefined, forcePathStyle: false, publicUrl: undefined })).toBe(
      'https://b.s3.eu-west-1.amazonaws.com',
    );
    expect(s3PublicBase({ ...o, endpoint: 'http://minio:9000', forcePathStyle: true, publicUrl: undefined })).toBe(
      'http://minio:9000/b',
    );
    expect(
      s3PublicBase({ ...o, endpoint: 'https://r2.example.com', forcePathStyle: false, publicUrl: undefined }),
    ).toBe('https://b.r2.example.com');
    expect(
      s3PublicBase({
        ...o,
        endpoint: 'http://minio:9000',
        forcePathStyle: true,
        publicUrl: 'https://cdn.example.com/',
      }),
    ).toBe('https://cdn.example.com');

    const storage = createS3Storage({
      ...o,
      bucket: 'cb-media',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    expect(storage.publicUrl('a/b/original.png')).toBe('https://cdn.example.com/a/b/original.png');
    await storage.delete('a/b/original.png');
    expect(recorded.at(-1)).toMatchObject({ method: 'DELETE', url: '/cb-media/a/b/original.png' });
    expect(() => storage.publicUrl('../etc/passwd')).toThrow(/Unsafe/);
    storage.client.destroy();
  });
});
