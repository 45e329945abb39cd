import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { IMAGE_SLOTS, imageSlotWidth, type ImageSlot } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';
import { media } from './schema.js';

let h: Harness;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-copies-test-'));
  h = await createHarness({ DATA_DIR: dataDir });
  // The tests run the media job's rounds themselves.
  await h.app.mediaCopies.stop();
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function upload(token: string, orgId: string, data: Buffer, purpose: string) {
  const mp = multipartBody([{ name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data }]);
  const res = await h.call('POST', `/api/media/${orgId}/upload?purpose=${purpose}`, { token, body: mp.body, headers: mp.headers });
  expect(res.status).toBe(200);
  return res.body as { id: string; cloudinary_url: string; width: number; variants: Record<string, string> };
}

/** What the browser gets at a /media URL: status, type and the decoded width. */
async function served(url: string) {
  const res = await h.app.inject({ method: 'GET', url: new URL(url).pathname });
  const meta = res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined;
  return { status: res.statusCode, type: res.headers['content-type'], format: meta?.format, width: meta?.width };
}

/**
 * The copy a browser takes from a srcset for a need in device px: the narrowest at least as wide,
 * else the widest (HTML's selection; Chromium may take one a little narrower, never wider).
 */
function pick(widths: number[], need: number): number {
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.find((w) => w >= need) ?? sorted[sorted.length - 1]!;
}

const SLOTS: ImageSlot[] = ['cover', 'logo', 'tile', 'productMain', 'productThumb', 'sellerThumb', 'cartThumb'];
const VIEWPORTS = [390, 1280];
const RATIOS = [1, 2, 3];

describe('the copy ladder', () => {
  it.each([800, 1200, 3000])(
    'a %i px upload has, for every slot at DPR 1–3 on a phone and a desktop, a WebP copy within 1.25× of the need',
    async (size) => {
      const s = await h.newOrgUser('Merchant');
      const photo = await upload(s.token, s.orgId, await makeImage(size, size, 'jpeg'), 'product');
      // Every copy is really there, a WebP of the width its key says.
      const widths: number[] = [];
      for (const [key, url] of Object.entries(photo.variants)) {
        const copy = await served(url);
        expect([copy.status, copy.type, copy.format, copy.width]).toEqual([200, 'image/webp', 'webp', Number(key)]);
        widths.push(copy.width!);
      }
      // A copy at the upload's own width: the largest need is never met by the JPEG original.
      expect(widths).toContain(size);
      const misses: string[] = [];
      for (const slot of SLOTS) {
        for (const viewport of VIEWPORTS) {
          for (const ratio of RATIOS) {
            const need = Math.round(imageSlotWidth(IMAGE_SLOTS[slot], viewport) * ratio);
            const chosen = pick(widths, need);
            // Wide enough (or the whole upload), and at most 1.25× the need (64 px at the least).
            const ok = (chosen >= need || chosen === size) && chosen <= Math.max(need * 1.25, 64);
            if (!ok) misses.push(`${slot} at ${viewport} px ×${ratio}: needs ${need}, gets ${chosen}`);
          }
        }
      }
      expect(misses).toEqual([]);
    },
  );

  it('the product page main photo on a phone at DPR 3 gets a copy, not the original upload', async () => {
    const s = await h.newOrgUser('Merchant');
    const photo = await upload(s.token, s.orgId, await makeImage(1200, 1200, 'jpeg'), 'product');
    const need = imageSlotWidth(IMAGE_SLOTS.productMain, 390) * 3;
    expect(need).toBe(1074);
    const chosen = pick(Object.keys(photo.variants).map(Number), need);
    expect(chosen).toBe(1152);
    expect(photo.variants[String(chosen)]).toMatch(/\/w1152\.webp$/);
  });
});

describe('uploads from before the ladder', () => {
  it('still serve their copies, and the media job adds the missing ones', async () => {
    const s = await h.newOrgUser('Merchant');
    const cover = await upload(s.token, s.orgId, await makeImage(1600, 800, 'jpeg'), 'splash');
    const put = await h.call('PUT', '/api/organization/image_set', {
      token: s.token,
      body: { organization_id: s.orgId, splash_image: { id: cover.id } },
    });
    expect(put.status).toBe(200);
    // The row as the earlier code left it: copies at 200, 600 and 1200 only.
    const [row] = await h.testDb.database.db.select().from(media).where(eq(media.id, cover.id));
    const key1200 = `${s.orgId}/${cover.id}/w1200.webp`;
    const original = fs.readFileSync(path.join(dataDir, 'media', row!.storageKey));
    fs.writeFileSync(path.join(dataDir, 'media', key1200), await sharp(original).resize({ width: 1200 }).webp().toBuffer());
    const old = { '200': row!.variants['200']!, '600': row!.variants['600']!, '1200': key1200 };
    await h.testDb.database.db.update(media).set({ variants: old }).where(eq(media.id, cover.id));
    // A row whose original is gone: the job cannot copy it, and the original stands in.
    const lost = await upload(s.token, s.orgId, await makeImage(900, 900, 'jpeg'), 'product');
    await h.testDb.database.db.update(media).set({ variants: {} }).where(eq(media.id, lost.id));
    fs.rmSync(path.join(dataDir, 'media', new URL(lost.cloudinary_url).pathname.replace(/^\/media\//, '')), { force: true });

    const before = await h.call('GET', `/api/organization/${s.orgId}/image_set`, { token: s.token });
    expect(Object.keys(before.body.splash_image.variants)).toEqual(['200', '600', '1200']);
    expect((await served(before.body.splash_image.variants['1200'])).width).toBe(1200);

    const round = await h.app.mediaCopies.runOnce(50);
    expect(round).toMatchObject({ filled: 1, failed: 1 });
    // Nothing left to do: a second round claims nothing.
    expect((await h.app.mediaCopies.runOnce(50)).claimed).toBe(0);

    const after = await h.call('GET', `/api/organization/${s.orgId}/image_set`, { token: s.token });
    const variants: Record<string, string> = after.body.splash_image.variants;
    expect(Object.keys(variants)).toEqual(['64', '120', '160', '200', '320', '400', '480', '600', '880', '1152', '1200', '1600']);
    // The earlier copies keep their URLs; the new ones are WebPs of their widths.
    expect([variants['200'], variants['600'], variants['1200']]).toEqual([
      before.body.splash_image.variants['200'],
      before.body.splash_image.variants['600'],
      before.body.splash_image.variants['1200'],
    ]);
    for (const w of ['64', '880', '1600']) {
      expect(await served(variants[w]!)).toMatchObject({ status: 200, format: 'webp', width: Number(w) });
    }
    const [lostRow] = await h.testDb.database.db.select().from(media).where(eq(media.id, lost.id));
    expect(lostRow!.variants).toEqual({ '900': lostRow!.storageKey });
  });
});
