/**
 * The production build's static first-load closures (scripts/bundle-size.mjs): the landing page
 * within 200 kB gzip and without MUI or the OIDC client, the signed-in areas without the OIDC
 * client or the chart library before their first paint, and a pre-compressed copy of every file.
 * What a first visit really downloads (fonts, API answers, what loads after the first paint) and
 * its phone LCP are measured in Chromium by first-visit.e2e.test.ts. Runs after `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureFirstLoads } from '../scripts/bundle-size.mjs';

interface RouteLoad {
  route: string;
  budget: number | null;
  gzip: number;
  files: Array<{ file: string; gzip: number }>;
}

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const code = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');

describe('first load of the production build', () => {
  const loads = measureFirstLoads(dist) as RouteLoad[];
  const load = (prefix: string) => loads.find((l) => l.route.startsWith(prefix))!;

  it('keeps every route with a budget within it', () => {
    for (const l of loads.filter((x) => x.budget !== null)) {
      expect(l.gzip, `${l.route}: ${l.files.map((f) => f.file).join(', ')}`).toBeLessThanOrEqual(l.budget!);
    }
  });

  it('paints the landing page within 200 kB, without MUI or the OIDC client', () => {
    const landing = load('landing');
    expect(landing.gzip).toBeLessThanOrEqual(200_000);
    for (const { file } of landing.files) {
      // Markers of MUI's components, emotion's style sheets and oidc-client-ts's logger.
      for (const marker of ['MuiButtonBase', 'data-emotion', '`UserManagerEvents`']) {
        expect(code(file).includes(marker), `${file} contains ${marker}`).toBe(false);
      }
    }
  });

  it('paints the storefront and the seller area without the OIDC client, the seller area without the chart library', () => {
    for (const l of [load('storefront'), load('seller')]) {
      for (const { file } of l.files) {
        expect(code(file).includes('`UserManagerEvents`'), `${l.route}: ${file} contains oidc-client-ts`).toBe(false);
        expect(code(file).includes('MuiChartsSurface'), `${l.route}: ${file} contains @mui/x-charts`).toBe(false);
      }
    }
  });

  it('ships a brotli and a gzip file beside every script, style sheet and index.html', () => {
    for (const file of ['index.html', ...loads.flatMap((l) => l.files.map((f) => f.file))]) {
      expect(fs.existsSync(path.join(dist, `${file}.br`)), `${file}.br`).toBe(true);
      expect(fs.existsSync(path.join(dist, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
  });
});
