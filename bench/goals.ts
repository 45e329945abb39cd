/**
 * The server's goals (issue 27 §4) in one table, and the met/missed logic `npm run bench` prints
 * them with (bench/run.ts, at the end: goal, result, met/missed). A goal names the row of the
 * results it is judged on (database + endpoint); the goals measured outside run.ts (the
 * embedded default's memory and cold start: bench/embedded-memory.ts) take their figure when
 * the run has one and otherwise say how to measure them.
 */
import { GRID_PAGE_ENDPOINT } from './catalog.js';
import { PRODUCT_PAGE_ENDPOINT } from './product.js';
import { WHOLE_SUBMIT_ENDPOINT, SUBMIT_CONCURRENCY } from './checkout.js';
import { SCALE_GRID_ENDPOINT, SCALE_STORES } from './catalog-scale.js';

/** One measured row of bench/run.ts. */
export interface ResultRow {
  database: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A figure measured outside the load rows (ms, MB…). */
export interface Figure {
  value: number;
  /** How it was measured, printed beside the value ("peak of 2 runs"). */
  note?: string;
}

interface LoadGoal {
  kind: 'load';
  database: string;
  /** The row the goal is judged on. */
  endpoint: (endpoint: string) => boolean;
  /** Throughput as a share of the bare Fastify route measured in the same run, in %. */
  minShareOfBare?: number;
  minRps?: number;
  maxP99Ms?: number;
}

interface RatioGoal {
  kind: 'ratio';
  database: string;
  /** The row compared… */
  endpoint: (endpoint: string) => boolean;
  /** …with this one: its req/s at least `minRatio` of the baseline's. */
  baseline: (endpoint: string) => boolean;
  minRatio: number;
}

interface FigureGoal {
  kind: 'figure';
  /** The key of the figure in `figures` (evaluateGoals). */
  figure: string;
  max: number;
  unit: string;
  /** What to run when this run did not measure it. */
  howToMeasure: string;
}

export type Goal = { name: string; target: string } & (LoadGoal | RatioGoal | FigureGoal);

export type GoalStatus = 'met' | 'missed' | 'not measured';

export interface GoalResult {
  name: string;
  target: string;
  result: string;
  status: GoalStatus;
}

/** The figure keys of the goals measured by bench/embedded-memory.ts. */
export const EMBEDDED_PEAK_RSS = 'embedded-peak-rss-mb';
export const EMBEDDED_COLD_START = 'embedded-cold-start-ms';

const startsWith = (prefix: string) => (endpoint: string) => endpoint.startsWith(prefix);

/** Issue 27 §4's goals. */
export const GOALS: readonly Goal[] = [
  {
    name: 'Grid page, 100k-product store, buyer, PostgreSQL',
    target: '≥ 25 % of bare, p99 ≤ 10 ms',
    kind: 'load',
    database: 'PostgreSQL',
    endpoint: (e) => e === GRID_PAGE_ENDPOINT,
    minShareOfBare: 25,
    maxP99Ms: 10,
  },
  {
    name: 'Product page, buyer, PostgreSQL',
    target: '≥ 25 % of bare, p99 ≤ 10 ms',
    kind: 'load',
    database: 'PostgreSQL',
    endpoint: startsWith(PRODUCT_PAGE_ENDPOINT),
    minShareOfBare: 25,
    maxP99Ms: 10,
  },
  {
    name: "Cart line, 50 buyers' carts, PostgreSQL",
    target: '≥ 3,000 req/s, p99 ≤ 30 ms',
    kind: 'load',
    database: 'PostgreSQL',
    endpoint: (e) => e.startsWith('PUT /api/cart/{id}/line_item, ') && e.includes("buyers' carts"),
    minRps: 3000,
    maxP99Ms: 30,
  },
  {
    name: `Whole checkout, ${SUBMIT_CONCURRENCY} buyers of one seller at once, PostgreSQL`,
    target: 'p99 ≤ 80 ms',
    kind: 'load',
    database: 'PostgreSQL',
    endpoint: (e) => e.startsWith(WHOLE_SUBMIT_ENDPOINT) && e.includes(`${SUBMIT_CONCURRENCY} at a time`),
    maxP99Ms: 80,
  },
  {
    name: 'Embedded default: RSS under a sign-up burst',
    target: '≤ 250 MB',
    kind: 'figure',
    figure: EMBEDDED_PEAK_RSS,
    max: 250,
    unit: 'MB',
    howToMeasure: 'run npx tsx bench/embedded-memory.ts',
  },
  {
    name: 'Embedded default: cold start on an empty directory',
    target: '< 1 s',
    kind: 'figure',
    figure: EMBEDDED_COLD_START,
    // "< 1 s": a whole millisecond under.
    max: 999,
    unit: 'ms',
    howToMeasure: 'run npx tsx bench/embedded-memory.ts',
  },
  {
    name: `Grid page, ${SCALE_STORES.large} against ${SCALE_STORES.small}, PostgreSQL`,
    target: 'req/s within 10 % of the small store',
    kind: 'ratio',
    database: 'PostgreSQL',
    endpoint: (e) => e === `${SCALE_GRID_ENDPOINT} — ${SCALE_STORES.large}`,
    baseline: (e) => e === `${SCALE_GRID_ENDPOINT} — ${SCALE_STORES.small}`,
    minRatio: 0.9,
  },
];

const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** Each goal against the run's rows (and `figures`, by key): what was measured, and met / missed / not measured. */
export function evaluateGoals(
  goals: readonly Goal[],
  rows: readonly ResultRow[],
  bareRps: number,
  figures: Readonly<Record<string, Figure | undefined>> = {},
): GoalResult[] {
  return goals.map((goal) => {
    const { name, target } = goal;
    if (goal.kind === 'figure') {
      const figure = figures[goal.figure];
      if (!figure) return { name, target, result: goal.howToMeasure, status: 'not measured' };
      const note = figure.note ? ` (${figure.note})` : '';
      return {
        name,
        target,
        result: `${whole(figure.value)} ${goal.unit}${note}`,
        status: figure.value <= goal.max ? 'met' : 'missed',
      };
    }
    const row = rows.find((r) => r.database === goal.database && goal.endpoint(r.endpoint));
    if (!row)
      return {
        name,
        target,
        result: `not run (left out by a BENCH_* option, or needs ${goal.database}: DATABASE_URL)`,
        status: 'not measured',
      };
    const errors = row.errors > 0 ? `, ${row.errors} errors` : '';
    if (goal.kind === 'ratio') {
      const base = rows.find((r) => r.database === goal.database && goal.baseline(r.endpoint));
      if (!base) return { name, target, result: 'its baseline row was not run', status: 'not measured' };
      const ratio = base.rps > 0 ? row.rps / base.rps : 0;
      return {
        name,
        target,
        result: `${whole(row.rps)} against ${whole(base.rps)} req/s (${(100 * ratio).toFixed(0)} %), p99 ${ms(row.p99)} / ${ms(base.p99)} ms${errors}`,
        status: ratio >= goal.minRatio && row.errors === 0 && base.errors === 0 ? 'met' : 'missed',
      };
    }
    const share = bareRps > 0 ? (100 * row.rps) / bareRps : 0;
    const met =
      row.errors === 0 &&
      (goal.minShareOfBare === undefined || share >= goal.minShareOfBare) &&
      (goal.minRps === undefined || row.rps >= goal.minRps) &&
      (goal.maxP99Ms === undefined || row.p99 <= goal.maxP99Ms);
    return {
      name,
      target,
      result: `${whole(row.rps)} req/s (${share.toFixed(1)} % of bare), p99 ${ms(row.p99)} ms${errors}`,
      status: met ? 'met' : 'missed',
    };
  });
}

/** The goals table, as bench/run.ts prints it last. */
export function goalsTable(results: readonly GoalResult[]): string {
  const lines = ['| goal | target | result | |', '|---|---|---|---|'];
  for (const r of results)
    lines.push(`| ${r.name} | ${r.target} | ${r.result} | ${r.status === 'missed' ? '**missed**' : r.status} |`);
  return lines.join('\n');
}
