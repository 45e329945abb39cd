/**
 * First-load budgets of the production build (scripts/bundle-size.mjs): what the browser
 * downloads before the landing page and the storefront can paint. Runs after `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureFirstLoads } from '../scripts/bundle-size.mjs';

interface RouteLoad {
  route: string;
  budget: number;
  gzip: number;
  files: Array<{ file: string; gzip: number }>;
}

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

describe('first load of the production build', () => {
  const loads = measureFirstLoads(dist) as RouteLoad[];

  it('keeps every route within its gzip budget', () => {
    for (const load of loads) {
      expect(load.gzip, `${load.route}: ${load.files.map((f) => f.file).join(', ')}`).toBeLessThanOrEqual(load.budget);
    }
  });

  it('paints the landing page without MUI or the OIDC client', () => {
    const landing = loads.find((l) => l.route.startsWith('landing'))!;
    expect(landing.gzip).toBeLessThanOrEqual(200_000);
    for (const { file } of landing.files) {
      const code = fs.readFileSync(path.join(dist, file), 'utf8');
      // Markers of MUI's components, emotion's style sheets and oidc-client-ts's logger.
      for (const marker of ['MuiButtonBase', 'data-emotion', '`UserManagerEvents`']) {
        expect(code.includes(marker), `${file} contains ${marker}`).toBe(false);
      }
    }
  });

  it('paints the storefront within its budget (205 kB), without the OIDC client', () => {
    for (const load of loads.filter((l) => l.route.startsWith('storefront'))) {
      expect(load.gzip, load.route).toBeLessThanOrEqual(205_000);
      for (const { file } of load.files) {
        const code = fs.readFileSync(path.join(dist, file), 'utf8');
        expect(code.includes('`UserManagerEvents`'), `${file} contains oidc-client-ts`).toBe(false);
      }
    }
  });

  it('paints the seller dashboard without the chart library (it loads after the first paint)', () => {
    const dashboard = loads.find((l) => l.route.startsWith('seller dashboard'))!;
    for (const { file } of dashboard.files) {
      const code = fs.readFileSync(path.join(dist, file), 'utf8');
      expect(code.includes('MuiChartsSurface'), `${file} contains @mui/x-charts`).toBe(false);
    }
  });

  it('ships a brotli and a gzip file beside every script, style sheet and index.html', () => {
    for (const file of ['index.html', ...loads.flatMap((l) => l.files.map((f) => f.file))]) {
      expect(fs.existsSync(path.join(dist, `${file}.br`)), `${file}.br`).toBe(true);
      expect(fs.existsSync(path.join(dist, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
  });
});
