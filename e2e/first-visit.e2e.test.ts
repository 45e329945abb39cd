/**
 * Issue 27 §2, on the production build: what a first visit really downloads, in Chromium, until
 * the network is quiet (the landing, a signed-in buyer's storefront and product page, the
 * seller's products list), and how soon its largest paint can come on a phone (390×844 at DPR 3,
 * 150 ms RTT, 1.6 Mbps, CPU ×4) with photo-like product photos uploaded at 1200 px.
 *
 * Goals: everything but images ≤ 200 kB gzip in ≤ 15 requests; LCP ≤ 2.5 s on the phone.
 * The LCP assertion is the network's part, which no machine load changes: the rounds of requests
 * the LCP waits for (counted by answering requests round by round) and their bytes, at the
 * phone's RTT and bandwidth (support/first-visit.ts). The LCP the throttled browser reports is
 * printed beside it: it adds the CPU's share, which depends on how busy the machine is.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import { journeyScene } from './support/scene.js';
import {
  lockstepLoad,
  modelledLcp,
  PHONE,
  phoneLoad,
  seedPhotoStore,
  signedInState,
  totalsWithoutImages,
  type LockstepResult,
} from './support/first-visit.js';

const scene = journeyScene();

/** Issue 27's goals for a first visit. */
const GOAL = { bytes: 200_000, requests: 15, lcpMs: 2_500 };

/**
 * Where each page stands against them, as ceilings a change must not pass: the goals where they
 * are met, else today's figure with a little room (docs/performance.md, "First visit on a
 * phone"). Bytes are everything but images; `lcpRounds` is how many sequential round trips the
 * largest paint waits for.
 */
const PAGES = {
  landing: { bytes: GOAL.bytes, lcpMs: GOAL.lcpMs, lcpRounds: 3, lcp: /^(H1|P) / },
  // Not met: 343 kB (JS 284 kB: React DOM 71, the app chunk 135 — router, MUI core, React Query,
  // shared helpers —, MUI components 29, the storefront 25, the OIDC client 19), LCP 2.58 s
  // modelled (the cover photo).
  storefront: { bytes: 355_000, lcpMs: 2_700, lcpRounds: 5, lcp: /^IMG / },
  // Not met: 341 kB, LCP 3.04 s modelled (the main photo, a w1152 copy: its product's answer
  // waits for /api/user/me, and the photo for the answer, one round more than the storefront).
  'product page': { bytes: 355_000, lcpMs: 3_200, lcpRounds: 6, lcp: /^(IMG|H1) / },
  // LCP met (2.43 s modelled, a product's name); bytes not: 335 kB.
  'seller products': { bytes: 345_000, lcpMs: GOAL.lcpMs, lcpRounds: 5, lcp: /^P / },
} as const;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function describeLoad(name: string, result: LockstepResult, measuredLcp?: number) {
  const totals = totalsWithoutImages(result.responses);
  const model = modelledLcp(result);
  const kinds = Object.entries(totals.byKind)
    .filter(([, v]) => v.requests > 0)
    .map(([k, v]) => `${k} ${v.requests} (${kB(v.bytes)})`)
    .join(', ');
  const lines = [
    `${name}: ${totals.requests} requests, ${kB(totals.bytes)} without images; ${kinds}; ${result.rounds} rounds`,
    `  LCP ${result.lcp.element} after round ${result.lcp.round}: modelled ${model.ms} ms (${model.roundTrips} round trips, ${model.requests} requests, ${kB(model.bytes)})` +
      (measuredLcp === undefined ? '' : `; measured on the phone profile ${measuredLcp} ms`),
    ...result.responses
      .slice()
      .sort((a, b) => a.round - b.round)
      .map((r) => `    r${r.round} ${r.kind.padEnd(10)} ${kB(r.bytes).padStart(9)} ${r.encoding ?? '-'} ${r.path}`),
  ];
  console.log(lines.join('\n'));
  return { totals, model };
}

describe('first visit on a phone', () => {
  it('downloads ≤ 15 requests (images aside), within each page’s bytes and modelled LCP, with the expected LCP element', async () => {
    const base = scene.server.url;
    const stamp = Date.now();

    const { store, productIds, buyer, seller } = await seedPhotoStore(base, stamp);

    // ── Each person signs in once; the first visits start from the stored session only ──
    const buyerState = await signedInState(scene.browser, base, `/storefront/${store.id}`, buyer, 'Fig Jam 1');
    const sellerState = await signedInState(scene.browser, base, `/app/${store.id}/products`, seller, 'Fig Jam 1');

    const phone: BrowserContextOptions = {
      viewport: PHONE.viewport,
      deviceScaleFactor: PHONE.deviceScaleFactor,
      isMobile: PHONE.isMobile,
      hasTouch: PHONE.hasTouch,
    };
    const pages = [
      { name: 'landing', path: '/', options: phone },
      { name: 'storefront', path: `/storefront/${store.id}`, options: { ...phone, storageState: buyerState } },
      {
        name: 'product page',
        path: `/storefront/${store.id}/product/${productIds[0]}`,
        options: { ...phone, storageState: buyerState },
      },
      { name: 'seller products', path: `/app/${store.id}/products`, options: { ...phone, storageState: sellerState } },
    ] as const;

    const failures: string[] = [];
    const missed: string[] = [];
    for (const p of pages) {
      const url = `${base}${p.path}`;
      const ceiling = PAGES[p.name];
      const result = await lockstepLoad(scene.browser, url, p.options);
      // The phone run waits for the same LCP element the lockstep load ended with.
      const element = new RegExp(`^${result.lcp.element.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      const measured = await phoneLoad(scene.browser, url, p.options, element);
      const { totals, model } = describeLoad(p.name, result, measured.lcpMs);
      if (totals.requests > GOAL.requests) failures.push(`${p.name}: ${totals.requests} requests > ${GOAL.requests}`);
      if (totals.bytes > ceiling.bytes) failures.push(`${p.name}: ${kB(totals.bytes)} > ${kB(ceiling.bytes)}`);
      if (model.ms > ceiling.lcpMs) failures.push(`${p.name}: modelled LCP ${model.ms} ms > ${ceiling.lcpMs} ms`);
      if (result.lcp.round > ceiling.lcpRounds) {
        failures.push(`${p.name}: the LCP waits for ${result.lcp.round} round trips > ${ceiling.lcpRounds}`);
      }
      if (!ceiling.lcp.test(result.lcp.element)) failures.push(`${p.name}: the LCP element is ${result.lcp.element}`);
      for (const r of result.responses) {
        if (['script', 'stylesheet', 'document'].includes(r.kind) && r.encoding !== 'gzip') {
          failures.push(`${p.name}: ${r.path} sent as ${r.encoding ?? 'identity'}, not gzip`);
        }
        if (r.status >= 400) failures.push(`${p.name}: ${r.status} ${r.path}`);
      }
      if (totals.bytes > GOAL.bytes) missed.push(`${p.name} downloads ${kB(totals.bytes)} (goal ${kB(GOAL.bytes)})`);
      if (model.ms > GOAL.lcpMs) missed.push(`${p.name}: modelled LCP ${model.ms} ms (goal ${GOAL.lcpMs} ms)`);
    }
    if (missed.length) console.log(`Issue 27 goals not met yet:\n  ${missed.join('\n  ')}`);
    expect(failures).toEqual([]);
  }, 480_000);
});
