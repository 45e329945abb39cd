import { describe, expect, it } from 'vitest';
import { GRID_PAGE_ENDPOINT } from './catalog.js';
import { SCALE_GRID_ENDPOINT, SCALE_STORES } from './catalog-scale.js';
import { EMBEDDED_PEAK_RSS, GOALS, evaluateGoals, goalsTable, type ResultRow } from './goals.js';

const row = (endpoint: string, rps: number, p99: number, errors = 0): ResultRow => ({
  database: 'PostgreSQL',
  endpoint,
  rps,
  p50: 1,
  p99,
  errors,
});
const goal = (name: string) => GOALS.filter((g) => g.name.startsWith(name));

describe('the goals of npm run bench', () => {
  it('meets a share-of-bare goal only when the share, the p99 and the errors all keep it', () => {
    const grid = goal('Grid page, 100k');
    const at = (r: ResultRow) => evaluateGoals(grid, [r], 40_000)[0]!;
    expect(at(row(GRID_PAGE_ENDPOINT, 10_000, 10))).toMatchObject({ status: 'met', result: '10,000 req/s (25.0 % of bare), p99 10 ms' });
    expect(at(row(GRID_PAGE_ENDPOINT, 9_999, 9)).status).toBe('missed');
    expect(at(row(GRID_PAGE_ENDPOINT, 12_000, 11)).status).toBe('missed');
    expect(at(row(GRID_PAGE_ENDPOINT, 12_000, 9, 3))).toMatchObject({ status: 'missed', result: expect.stringContaining('3 errors') });
  });

  it('judges the cart line on the many-buyers row, not the one-cart row', () => {
    const rows = [
      row("PUT /api/cart/{id}/line_item, 50 buyers' carts (quantity alternating, answers the cart)", 3_100, 28),
      row('PUT /api/cart/{id}/line_item, one cart (every connection on one line)', 1_000, 60),
    ];
    expect(evaluateGoals(goal('Cart line'), rows, 60_000)[0]!.status).toBe('met');
  });

  it('says a goal was not measured when its row is missing, and how to measure a figure', () => {
    const [grid, rss] = evaluateGoals([...goal('Grid page, 100k'), ...goal('Embedded default: RSS')], [], 50_000);
    expect(grid!.status).toBe('not measured');
    expect(rss).toMatchObject({ status: 'not measured', result: 'run npx tsx bench/embedded-memory.ts' });
    const [measured] = evaluateGoals(goal('Embedded default: RSS'), [], 50_000, { [EMBEDDED_PEAK_RSS]: { value: 251 } });
    expect(measured).toMatchObject({ status: 'missed', result: '251 MB' });
  });

  it('compares the large store with the small one', () => {
    const scale = goal('Grid page, 1M');
    const rows = (large: number) => [
      row(`${SCALE_GRID_ENDPOINT} — ${SCALE_STORES.small}`, 10_000, 10),
      row(`${SCALE_GRID_ENDPOINT} — ${SCALE_STORES.large}`, large, 10),
    ];
    expect(evaluateGoals(scale, rows(9_000), 60_000)[0]!.status).toBe('met');
    expect(evaluateGoals(scale, rows(8_999), 60_000)[0]!.status).toBe('missed');
  });

  it('prints one table row a goal, a miss in bold', () => {
    const table = goalsTable(evaluateGoals(GOALS, [row(GRID_PAGE_ENDPOINT, 1_000, 50)], 50_000));
    expect(table.split('\n')).toHaveLength(2 + GOALS.length);
    expect(table).toContain('| **missed** |');
  });
});
