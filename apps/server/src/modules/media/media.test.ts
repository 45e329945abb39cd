import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { purchasingRelationships } from '../../db/schema.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';

let h: Harness;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-media-test-'));
  h = await createHarness({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function upload(
  token: string | undefined,
  orgId: string,
  data: Buffer,
  opts: { filename?: string; contentType?: string; purpose?: string; field?: string } = {},
) {
  const mp = multipartBody([
    {
      name: opts.field ?? 'file',
      filename: opts.filename ?? 'photo.png',
      contentType: opts.contentType ?? 'image/png',
      data,
    },
  ]);
  const qs = opts.purpose ? `?purpose=${opts.purpose}` : '';
  return h.call('POST', `/api/media/${orgId}/upload${qs}`, { token, body: mp.body, headers: mp.headers });
}

/** GET a /media URL returned by the API through the app. */
async function fetchMedia(url: string) {
  const u = new URL(url);
  expect(u.origin).toBe('http://localhost:3999');
  return h.app.inject({ method: 'GET', url: u.pathname });
}

describe('POST /api/media/{org_id}/upload', () => {
  it('stores a square PNG with resized variants, served with immutable caching and its content type', async () => {
    const s = await h.newOrgUser('Merchant');
    const res = await upload(s.token, s.orgId, await makeImage(800, 800, 'png'), { purpose: 'product' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ organization_id: s.orgId, width: 800, height: 800, content_type: 'image/png' });
    expect(res.body.cloudinary_url).toMatch(
      new RegExp(`^http://localhost:3999/media/${s.orgId}/${res.body.id}/original\\.png$`),
    );
    // Never upscaled: the ladder's rungs under 800, and a WebP copy at 800 itself.
    expect(Object.keys(res.body.variants)).toEqual(['64', '120', '160', '200', '320', '400', '480', '600', '800']);

    const original = await fetchMedia(res.body.cloudinary_url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(800);

    const small = await fetchMedia(res.body.variants['200']);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    const meta = await sharp(small.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 200]);
  });

  it('decides the type from the bytes: a JPEG named .png is a JPEG; GIF and WebP are accepted', async () => {
    const s = await h.newOrgUser('Merchant');
    const jpeg = await upload(s.token, s.orgId, await makeImage(300, 300, 'jpeg'), {
      filename: 'wrong.png',
      contentType: 'image/png',
    });
    expect(jpeg.status).toBe(200);
    expect(jpeg.body.content_type).toBe('image/jpeg');
    expect(jpeg.body.cloudinary_url).toMatch(/original\.jpg$/);
    const gif = await upload(s.token, s.orgId, await makeImage(64, 64, 'gif'), {
      filename: 'a.gif',
      contentType: 'image/gif',
    });
    expect([gif.status, gif.body.content_type, Object.keys(gif.body.variants)]).toEqual([200, 'image/gif', ['64']]);
    const webp = await upload(s.token, s.orgId, await makeImage(1600, 900, 'webp'));
    expect([webp.status, webp.body.content_type]).toEqual([200, 'image/webp']);
    expect(Object.keys(webp.body.variants)).toEqual(['64', '120', '160', '200', '320', '400', '480', '600', '880', '1152', '1600']);
    // A WebP original is its own copy at its width.
    expect(webp.body.variants['1600']).toBe(webp.body.cloudinary_url);
  });

  it('auto-orients from EXIF and strips metadata', async () => {
    const s = await h.newOrgUser('Merchant');
    // Stored 1200×800 with orientation 6 (rotate 90°): displayed 800×1200.
    const withExif = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Jane Doe' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(s.token, s.orgId, withExif, { filename: 'phone.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect([res.body.width, res.body.height]).toEqual([800, 1200]);
    const stored = await fetchMedia(res.body.cloudinary_url);
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([800, 1200, undefined, undefined]);
    expect(stored.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('refuses a non-square logo or product photo naming the file field, and takes any shape for a cover', async () => {
    const s = await h.newOrgUser('Merchant');
    const wide = await makeImage(1200, 800, 'jpeg');
    const logo = await upload(s.token, s.orgId, wide, { purpose: 'logo', contentType: 'image/jpeg' });
    expect(logo.status).toBe(400);
    expect(logo.body.message).toBe('The logo must be square (got 1200×800).');
    expect(logo.body.issues[0].path).toBe('file');
    const product = await upload(s.token, s.orgId, wide, { purpose: 'product' });
    expect(product.status).toBe(400);
    expect(product.body.message).toBe('The product photo must be square (got 1200×800).');
    const splash = await upload(s.token, s.orgId, wide, { purpose: 'splash' });
    expect(splash.status).toBe(200);
    expect(Object.keys(splash.body.variants)).toEqual(['64', '120', '160', '200', '320', '400', '480', '600', '880', '1152', '1200']);
    const bad = await upload(s.token, s.orgId, wide, { purpose: 'banner' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('purpose');
  });

  it('answers 415 for a renamed text file and 400 for a damaged image', async () => {
    const s = await h.newOrgUser('Merchant');
    const text = await upload(s.token, s.orgId, Buffer.from('name,price\nsoap,3.50\n'), {
      filename: 'notes.png',
      contentType: 'image/png',
    });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Unsupported image type: upload a PNG, GIF, JPEG or WebP file.');
    const png = await makeImage(100, 100, 'png');
    const truncated = await upload(s.token, s.orgId, png.subarray(0, 60));
    expect(truncated.status).toBe(400);
    expect(truncated.body.issues[0].path).toBe('file');
  });

  it('answers 413 for a file over MEDIA_MAX_BYTES (11 MB) and stores nothing', async () => {
    const s = await h.newOrgUser('Merchant');
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await upload(s.token, s.orgId, big);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
    expect(res.body.message).toBe('The file is larger than 10 MB. Upload a smaller image.');
    // Just over the limit: refused by the multipart reader while streaming, same answer.
    const justOver = Buffer.alloc(10 * 1024 * 1024 + 10 * 1024, 1);
    justOver.set([0xff, 0xd8, 0xff]);
    const res2 = await upload(s.token, s.orgId, justOver);
    expect([res2.status, res2.body.message]).toEqual([413, 'The file is larger than 10 MB. Upload a smaller image.']);
    expect(fs.existsSync(path.join(dataDir, 'media', s.orgId))).toBe(false);
  });

  it('needs a multipart field named file', async () => {
    const s = await h.newOrgUser('Merchant');
    const wrongField = await upload(s.token, s.orgId, await makeImage(50, 50), { field: 'image' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.issues[0].path).toBe('file');
    const json = await h.call('POST', `/api/media/${s.orgId}/upload`, { token: s.token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.issues[0].path).toBe('file');
  });

  it('answers 400 naming file for a truncated upload or a second file, and stores nothing', async () => {
    const s = await h.newOrgUser('Merchant');
    const img = await makeImage(300, 300);
    const post = (body: Buffer, headers: Record<string, string>) =>
      h.call('POST', `/api/media/${s.orgId}/upload`, { token: s.token, body, headers });
    const mp = multipartBody([{ filename: 'photo.png', contentType: 'image/png', data: img }]);
    const closing = mp.body.lastIndexOf('\r\n--');
    for (const cut of [Math.floor(mp.body.length / 2), closing, mp.body.length - 4]) {
      const truncated = await post(mp.body.subarray(0, cut), mp.headers);
      expect([truncated.status, truncated.body.issues?.[0]?.path], `cut at ${cut}`).toEqual([400, 'file']);
      expect(truncated.body.message).toMatch(/^file: the upload could not be read/);
    }
    const two = multipartBody([
      { filename: 'a.png', contentType: 'image/png', data: img },
      { filename: 'b.png', contentType: 'image/png', data: img },
    ]);
    const twoFiles = await post(two.body, two.headers);
    expect([twoFiles.status, twoFiles.body.message]).toEqual([400, 'file: send one file per request.']);
    expect(twoFiles.body.issues[0].path).toBe('file');
    expect(fs.existsSync(path.join(dataDir, 'media', s.orgId))).toBe(false);
  });

  it('answers 404 for a missing media file without falling back to the SPA', async () => {
    const res = await h.app.inject({ method: 'GET', url: `/media/${randomUUID()}/${randomUUID()}/original.png` });
    expect(res.statusCode).toBe(404);
    for (const url of [
      '/media/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/media/x/..%5C..%5Cetc%5Cpasswd',
    ]) {
      const traversal = await h.app.inject({ method: 'GET', url });
      // Either refused, or normalised to a path outside /media (the SPA's index page): never the file.
      expect(traversal.body, url).not.toContain('root:');
      if (traversal.statusCode === 200) expect(traversal.headers['content-type']).toMatch(/^text\/html/);
      else expect([400, 403, 404], url).toContain(traversal.statusCode);
    }
  });
});

describe('image set', () => {
  it('sets the logo and cover, shows them on the organization, and clears them with null', async () => {
    const s = await h.newOrgUser('Merchant');
    const logo = await upload(s.token, s.orgId, await makeImage(500, 500), { purpose: 'logo' });
    const cover = await upload(s.token, s.orgId, await makeImage(1600, 600, 'jpeg'), { purpose: 'splash' });

    const empty = await h.call('GET', `/api/organization/${s.orgId}/image_set`, { token: s.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ id: null, organization_id: s.orgId, logo: null, splash_image: null });

    const put1 = await h.call('PUT', '/api/organization/image_set', {
      token: s.token,
      body: {
        id: null,
        organization_id: s.orgId,
        logo: { id: logo.body.id, cloudinary_url: logo.body.cloudinary_url },
      },
    });
    expect(put1.status).toBe(200);
    expect(put1.body.logo).toMatchObject({ id: logo.body.id, cloudinary_url: logo.body.cloudinary_url });
    expect(put1.body.splash_image).toBeNull();
    expect((await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token })).body.has_splash_image).toBe(false);

    const put2 = await h.call('PUT', '/api/organization/image_set', {
      token: s.token,
      body: { id: put1.body.id, organization_id: s.orgId, splash_image: { id: cover.body.id } },
    });
    expect(put2.status).toBe(200);
    expect(put2.body.id).toBe(put1.body.id);
    expect(put2.body.logo.id).toBe(logo.body.id);
    expect(put2.body.splash_image.id).toBe(cover.body.id);
    const org = await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token });
    expect(org.body.has_splash_image).toBe(true);
    expect(org.body.image_set.splash_image.cloudinary_url).toBe(cover.body.cloudinary_url);
    const status = await h.call('GET', `/api/organization/${s.orgId}/onboarding/status`, { token: s.token });
    expect(status.body.has_splash_image).toBe(true);

    const cleared = await h.call('PUT', '/api/organization/image_set', {
      token: s.token,
      body: { organization_id: s.orgId, splash_image: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.splash_image).toBeNull();
    expect(cleared.body.logo.id).toBe(logo.body.id);
    expect((await h.call('GET', `/api/organization/${s.orgId}`, { token: s.token })).body.has_splash_image).toBe(false);
  });

  it('refuses a non-square logo, media of another organization, unknown ids and non-members', async () => {
    const s = await h.newOrgUser('Merchant');
    const other = await h.newOrgUser('Merchant');
    const wide = await upload(s.token, s.orgId, await makeImage(900, 300), { purpose: 'splash' });
    const theirs = await upload(other.token, other.orgId, await makeImage(300, 300), { purpose: 'logo' });

    const notSquare = await h.call('PUT', '/api/organization/image_set', {
      token: s.token,
      body: { organization_id: s.orgId, logo: { id: wide.body.id } },
    });
    expect(notSquare.status).toBe(400);
    expect(notSquare.body.message).toBe('The logo must be square (got 900×300).');
    expect(notSquare.body.issues[0].path).toBe('logo');

    const foreign = await h.call('PUT', '/api/organization/image_set', {
      token: s.token,
      body: { organization_id: s.orgId, logo: { id: theirs.body.id } },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.issues[0].path).toBe('logo.id');
    const unknown = await h.call('PUT', '/api/organization/image_set', {
      token: s.token,
      body: { organization_id: s.orgId, splash_image: { id: randomUUID() } },
    });
    expect(unknown.status).toBe(404);

    const stranger = await h.call('PUT', '/api/organization/image_set', {
      token: other.token,
      body: { organization_id: s.orgId, splash_image: { id: wide.body.id } },
    });
    expect(stranger.status).toBe(403);
    expect(
      (await h.call('PUT', '/api/organization/image_set', { body: { organization_id: s.orgId, splash_image: null } }))
        .status,
    ).toBe(401);

    const badBody = await h.call('PUT', '/api/organization/image_set', {
      token: s.token,
      body: { organization_id: s.orgId, logo: 'x' },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.message).toContain('logo');
    const noOrg = await h.call('PUT', '/api/organization/image_set', { token: s.token, body: { logo: null } });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.message).toContain('organization_id');
    expect((await h.call('GET', `/api/organization/${s.orgId}/image_set`, { token: s.token })).body.logo).toBeNull();
  });

  it('is readable by a purchaser but not by a stranger or anonymously', async () => {
    const s = await h.newOrgUser('Merchant');
    const buyer = await h.newOrgUser('Buyer');
    const stranger = await h.newOrgUser('Buyer');
    await h.testDb.database.db
      .insert(purchasingRelationships)
      .values({ sellerOrganizationId: s.orgId, purchaserOrganizationId: buyer.orgId });
    expect((await h.call('GET', `/api/organization/${s.orgId}/image_set`, { token: buyer.token })).status).toBe(200);
    expect((await h.call('GET', `/api/organization/${s.orgId}/image_set`, { token: stranger.token })).status).toBe(403);
    expect((await h.call('GET', `/api/organization/${s.orgId}/image_set`)).status).toBe(401);
  });
});
