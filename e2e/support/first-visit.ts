/**
 * What a first visit really downloads, and how many round trips its largest paint waits for
 * (issue 27 §2), measured in Chromium on the production server.
 *
 * Two loads of a page, each in a fresh browser context (an empty HTTP cache; a signed-in
 * person's stored session only):
 *
 * - `lockstepLoad` holds every request and answers them in rounds: round 1 is the document;
 *   each next round answers everything the page asked for while it waited on the previous one,
 *   once the page has run all it could (its main thread idle, no request left to answer). A
 *   request's round is how many sequential round trips it waited for, whatever the machine's
 *   load: a slow CPU makes the rounds slower, never more. The load ends when the page, idle, asks
 *   for nothing more (the network is quiet). Every response is counted with its bytes as
 *   transferred (gzip forced, headers included), and the largest-contentful-paint entries are
 *   read after each round: the LCP element and the round it appeared in.
 * - `phoneLoad` loads the page as it is on the phone profile (CDP network and CPU throttling)
 *   and reads the LCP the browser reports. It depends on the machine's load, so journeys print
 *   it and assert the modelled LCP (`modelledLcp`) computed from the lockstep load.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContextOptions, Request, Route } from 'playwright-core';
import sharp from 'sharp';
import { multipartBody } from '../../apps/server/test/support/media.js';
import { signInOnProviderPage } from './journey.js';
import { apiUser, invitedRetailer, liveProducts, shippingStore, type ApiUser } from './seed.js';

/** The phone profile of issue 27: Slow 4G and a mid-range phone's CPU, 390×844 at DPR 3. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  rttMs: 150,
  downloadBytesPerSecond: 200_000, // 1.6 Mbps
  uploadBytesPerSecond: 93_750, // 750 kbps
  cpuSlowdown: 4,
  /** Chromium opens at most 6 connections to one HTTP/1.1 origin. */
  connectionsPerOrigin: 6,
} as const;

/** The production server's compression the budget is counted in (it sends brotli when asked). */
const GZIP_ONLY = { 'accept-encoding': 'gzip, deflate' };

export type ResponseKind = 'document' | 'script' | 'stylesheet' | 'font' | 'api' | 'image' | 'other';

export interface CountedResponse {
  path: string;
  kind: ResponseKind;
  status: number;
  /** Bytes on the wire: the (compressed) body plus the response headers. */
  bytes: number;
  encoding: string | null;
  round: number;
}

export interface LcpEntry {
  /** Tag and text or image file of the element, e.g. `IMG cover-w1200.webp` or `H1 Automate…`. */
  element: string;
  url: string;
  size: number;
}

export interface LockstepResult {
  responses: CountedResponse[];
  /** Rounds until the network was quiet. */
  rounds: number;
  /** The final largest-contentful-paint entry and the round after which it was painted. */
  lcp: LcpEntry & { round: number };
}

function kindOf(request: Request, contentType: string): ResponseKind {
  const type = request.resourceType();
  if (type === 'image' || contentType.startsWith('image/')) return 'image';
  if (type === 'document') return 'document';
  if (type === 'script') return 'script';
  if (type === 'stylesheet') return 'stylesheet';
  if (type === 'font') return 'font';
  if (type === 'fetch' || type === 'xhr' || contentType.includes('json')) return 'api';
  return 'other';
}

/** Records every largest-contentful-paint entry in `window.__lcpEntries`. */
const LCP_OBSERVER = `
  window.__lcpEntries = [];
  const record = (entries) => {
    for (const e of entries) {
      const el = e.element;
      const text = el && !e.url ? (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) : '';
      const file = e.url ? e.url.split('?')[0].split('/').slice(-2).join('/') : '';
      window.__lcpEntries.push({
        element: el ? el.tagName + ' ' + (file || text) : '(removed)',
        url: e.url,
        size: e.size,
        time: e.startTime,
      });
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  window.__lcpFlush = () => record(observer.takeRecords());
`;

interface PageLcpEntry extends LcpEntry {
  time: number;
}

const readLcp = (page: import('playwright-core').Page) =>
  page.evaluate(() => {
    // The page's window carries what the init script recorded (not in the DOM's types).
    const w = window as unknown as { __lcpEntries?: PageLcpEntry[]; __lcpFlush?: () => void };
    w.__lcpFlush?.();
    return w.__lcpEntries ?? [];
  });

/**
 * Resolves once the page's main thread has nothing left to run: a background-priority task runs
 * only when no other task (a script, a response, a render) is waiting. Then, unless a style sheet
 * still blocks rendering, the images that arrived are decoded and two frames drawn (so a paint
 * the last task asked for is made).
 * Not requestIdleCallback: it never comes while a held style sheet blocks rendering.
 */
const PAGE_IDLE = `(async () => {
  const background = () => new Promise((resolve) => scheduler.postTask(resolve, { priority: 'background' }));
  await background();
  const blocked = [...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => !l.sheet);
  if (!blocked && document.body) {
    // Images that have arrived are decoded (decoding is off the main thread, so no task shows
    // it), then two frames are drawn: a photo's paint, and its LCP entry, come before the next round.
    await Promise.all([...document.images].filter((img) => img.complete).map((img) => img.decode().catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await background();
  }
})()`;
const pageIdle = (page: import('playwright-core').Page) => page.evaluate(PAGE_IDLE);

/** Waits (event-driven, no fixed delay) until `done()` holds; `what` names it in the timeout error. */
async function until(done: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Loads `url` in a fresh context answering requests round by round (see the file comment).
 */
export async function lockstepLoad(
  browser: Browser,
  url: string,
  options: BrowserContextOptions,
): Promise<LockstepResult> {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: GZIP_ONLY });
  try {
    await context.addInitScript(LCP_OBSERVER);
    const page = await context.newPage();
    const held: Route[] = [];
    const inFlight = new Set<Request>();
    const roundOf = new Map<Request, number>();
    const responses: CountedResponse[] = [];
    const pending: Promise<void>[] = [];
    let seen = 0;
    await page.route('**/*', (route) => {
      seen += 1;
      held.push(route);
    });
    const finished = (request: Request) => {
      if (!inFlight.has(request)) return;
      pending.push(
        (async () => {
          const response = await request.response();
          const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
          const headers = response ? await response.allHeaders() : {};
          responses.push({
            path: new URL(request.url()).pathname + new URL(request.url()).search,
            kind: kindOf(request, headers['content-type'] ?? ''),
            status: response?.status() ?? 0,
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
            encoding: headers['content-encoding'] ?? null,
            round: roundOf.get(request)!,
          });
          inFlight.delete(request);
        })(),
      );
    };
    page.on('requestfinished', finished);
    page.on('requestfailed', (request) => {
      roundOf.delete(request);
      inFlight.delete(request);
    });

    const navigation = page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    let round = 0;
    /** The page's clock (performance.now()) when each round was answered. */
    const releasedAt: number[] = [0];
    for (;;) {
      await until(() => held.length > 0 || round > 0, 'the document request');
      if (held.length === 0) break;
      round += 1;
      if (round > 1) releasedAt.push(await page.evaluate(() => performance.now()));
      for (const route of held.splice(0)) {
        const request = route.request();
        roundOf.set(request, round);
        inFlight.add(request);
        void route.continue().catch(() => inFlight.delete(request));
      }
      if (round === 1) await navigation;
      // Settle: everything released answered, and the page idle twice in a row with no new request.
      for (;;) {
        await until(() => inFlight.size === 0, `the answers of round ${round}`);
        await Promise.all(pending);
        const before = seen;
        await pageIdle(page);
        await pageIdle(page);
        if (seen === before && inFlight.size === 0) break;
      }
    }
    const last = (await readLcp(page)).at(-1);
    if (!last) throw new Error(`no largest-contentful-paint entry on ${url}`);
    // An image's LCP comes with its round; a text's with the last round answered before its paint.
    const image = last.url
      ? responses.find((r) => new URL(last.url).pathname + new URL(last.url).search === r.path)
      : undefined;
    const lcpRound = image?.round ?? releasedAt.filter((t) => t < last.time).length;
    return {
      responses,
      rounds: round,
      lcp: { element: last.element, url: last.url, size: last.size, round: lcpRound },
    };
  } finally {
    await context.close();
  }
}

export interface FirstVisitTotals {
  requests: number;
  bytes: number;
  byKind: Record<ResponseKind, { requests: number; bytes: number }>;
}

/** Everything but images: requests and bytes, by kind. */
export function totalsWithoutImages(responses: CountedResponse[]): FirstVisitTotals {
  const byKind = Object.fromEntries(
    (['document', 'script', 'stylesheet', 'font', 'api', 'image', 'other'] as const).map((k) => [
      k,
      { requests: 0, bytes: 0 },
    ]),
  ) as FirstVisitTotals['byKind'];
  for (const r of responses) {
    byKind[r.kind].requests += 1;
    byKind[r.kind].bytes += r.bytes;
  }
  const counted = responses.filter((r) => r.kind !== 'image');
  return { requests: counted.length, bytes: counted.reduce((s, r) => s + r.bytes, 0), byKind };
}

/**
 * The LCP the phone profile's network allows, from a lockstep load: each round before the LCP
 * costs one round trip per 6 requests (HTTP/1.1's connections to one origin), and every byte of
 * those rounds (images included) goes through 1.6 Mbps one after another. It leaves out the CPU
 * (script, style, layout, decode), which `phoneLoad` measures.
 */
export function modelledLcp(result: LockstepResult) {
  const before = result.responses.filter((r) => r.round <= result.lcp.round);
  let roundTrips = 0;
  for (let round = 1; round <= result.lcp.round; round += 1) {
    const n = before.filter((r) => r.round === round).length;
    roundTrips += Math.max(1, Math.ceil(n / PHONE.connectionsPerOrigin));
  }
  const bytes = before.reduce((s, r) => s + r.bytes, 0);
  const ms = roundTrips * PHONE.rttMs + (bytes / PHONE.downloadBytesPerSecond) * 1000;
  return { rounds: result.lcp.round, roundTrips, requests: before.length, bytes, ms: Math.round(ms) };
}

export interface PhoneResult {
  lcpMs: number;
  lcpElement: string;
  /** Responses (images aside) that had finished when the LCP was read. */
  requests: number;
}

/**
 * Loads `url` on the phone profile (CDP: 150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU ×4) in a
 * fresh context and returns the browser's LCP once the LCP element's description matches `expected`.
 */
export async function phoneLoad(
  browser: Browser,
  url: string,
  options: BrowserContextOptions,
  expected: RegExp,
): Promise<PhoneResult> {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: GZIP_ONLY });
  try {
    await context.addInitScript(LCP_OBSERVER);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.rttMs,
      downloadThroughput: PHONE.downloadBytesPerSecond,
      uploadThroughput: PHONE.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    let requests = 0;
    page.on('requestfinished', (r) => {
      if (r.resourceType() !== 'image') requests += 1;
    });
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const handle = await page.waitForFunction(
      (source) => {
        // As in readLcp: the init script's record on the window.
        const last = (window as unknown as { __lcpEntries?: PageLcpEntry[] }).__lcpEntries?.at(-1);
        return last && new RegExp(source).test(last.element) ? last : undefined;
      },
      expected.source,
      { timeout: 120_000, polling: 100 },
    );
    const entry = (await handle.jsonValue()) as PageLcpEntry;
    return { lcpMs: Math.round(entry.time), lcpElement: entry.element, requests };
  } finally {
    await context.close();
  }
}

/**
 * A photo-like JPEG (smooth light and colour with fine grain, as a camera makes it), 1200 px
 * square unless told: a product photo as a seller uploads it. `seed` varies the picture.
 */
export async function photoLikeJpeg(seed: number, width = 1200, height = width): Promise<Buffer> {
  let state = seed * 2654435761 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
  // Low-frequency colour field: a coarse grid of random colours, blown up smoothly.
  const coarse = 6;
  const field = Buffer.alloc(coarse * coarse * 3);
  const base = [random() * 255, random() * 255, random() * 255];
  for (let i = 0; i < field.length; i += 1)
    field[i] = Math.max(0, Math.min(255, base[i % 3]! + (random() - 0.5) * 160));
  const smooth = await sharp(field, { raw: { width: coarse, height: coarse, channels: 3 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .blur(Math.max(width, height) / 40)
    .raw()
    .toBuffer();
  // Grain and detail: a medium-frequency pattern plus per-pixel noise.
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const detail = 18 * Math.sin(x / 23 + seed) * Math.cos(y / 31 - seed);
      for (let c = 0; c < 3; c += 1) {
        pixels[i + c] = Math.max(0, Math.min(255, smooth[i + c]! + detail + (random() - 0.5) * 24));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function uploadJpeg(base: string, user: ApiUser, orgId: string, jpeg: Buffer, purpose: string) {
  const { body, headers } = multipartBody([{ filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg }]);
  const res = await fetch(`${base}/api/media/${orgId}/upload?purpose=${purpose}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, ...headers },
    body,
  });
  const text = await res.text();
  expect(res.ok, `upload: ${res.status} ${text}`).toBe(true);
  return (JSON.parse(text) as { id: string }).id;
}

/**
 * A store with a photo-like logo and cover and 12 Live products, each with a photo-like 1200 px
 * upload ("Fig Jam 1" … "Honey Mustard 12"), and a retailer it invited.
 */
export async function seedPhotoStore(base: string, stamp: number) {
  const seller = await apiUser(base, `fennel-${stamp}@example.com`);
  const store = await shippingStore(seller, 'Fennel & Fig Pantry');
  const logo = await uploadJpeg(base, seller, store.id, await photoLikeJpeg(90, 800), 'logo');
  const cover = await uploadJpeg(base, seller, store.id, await photoLikeJpeg(91, 2400, 800), 'splash');
  await seller.call('PUT', '/api/organization/image_set', {
    organization_id: store.id,
    logo: { id: logo },
    splash_image: { id: cover },
  });
  const photos: string[] = [];
  for (let i = 0; i < 12; i += 1)
    photos.push(await uploadJpeg(base, seller, store.id, await photoLikeJpeg(i + 1), 'product'));
  const names = ['Fig Jam', 'Fennel Salt', 'Olive Oil', 'Sea Salt Caramels', 'Rosemary Crackers', 'Honey Mustard'];
  const productIds = await liveProducts(
    seller,
    store.id,
    photos.map((photo, i) => ({
      name: `${names[i % names.length]} ${i + 1}`,
      priceCents: 450 + i * 100,
      msrpCents: 900 + i * 200,
      photos: [photo],
      description: 'Small-batch, made in the Hill Country.',
    })),
  );
  const { buyer } = await invitedRetailer(base, seller, store.id, `rosa-${stamp}@example.com`, 'Corner Pantry');
  return { store, productIds, buyer, seller };
}

/** Signs `who` in through the app at `path` and returns the context's storage (its stored session). */
export async function signedInState(browser: Browser, base: string, path: string, who: ApiUser, ready: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await signInOnProviderPage(page, who.email, who.password);
    await page.waitForURL(`**${path}`);
    await expect.poll(() => page.getByText(ready).first().isVisible()).toBe(true);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
