/**
 * Accessibility check of the screen a journey is on: axe-core (the engine behind browser
 * accessibility audits) is loaded into the page and runs there; every violation fails the
 * journey with a list a person can act on: rule, impact, where (selectors) and the markup.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

function source(): string {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

const SNIPPET = 160;
const NODES_SHOWN = 6;

function snippet(html: string): string {
  const flat = html.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET ? `${flat.slice(0, SNIPPET)}…` : flat;
}

function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, NODES_SHOWN).map((node) => {
        const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part))).join(' ');
        const why = node.failureSummary ? `\n      ${node.failureSummary.replace(/\s*\n\s*/g, ' / ')}` : '';
        return `    - ${target}\n      ${snippet(node.html)}${why}`;
      });
      const more = v.nodes.length > NODES_SHOWN ? [`    … and ${v.nodes.length - NODES_SHOWN} more`] : [];
      return [`  ${v.id} (${v.impact ?? 'unknown'}): ${v.help}`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}

/**
 * A keyboard user's first Tab on a fresh page reaches "Skip to main content", shown on screen;
 * Enter moves focus to the <main>, and the next Tab lands on the page's first control, which
 * wears the visible focus ring. Returns that control.
 */
export async function expectSkipLinkToMain(page: Page) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
  const box = await skip.boundingBox();
  expect(box && box.y >= 0 && box.height > 0, 'the focused skip link is on screen').toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || !el.closest('main')) return 'focus left the page content';
    const style = getComputedStyle(el);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(ring).toBe('solid 2px');
}

/** Runs axe-core on the whole document; throws with the violations' list when there is any. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src
  // 'self') refuses an inline <script>, and rightly so.
  if (!loaded) await page.evaluate(source());
  // A control that has just changed state may still be fading between its colours: wait for the
  // transitions that end (spinners and skeletons never do) so axe judges what a person sees.
  const settleAndRun = async () => {
    await page.evaluate(async () => {
      const ending = document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
      await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    });
    return (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } })
        .axe;
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return results.violations;
    })) as AxeViolation[];
  };
  let found = await settleAndRun();
  // A control enabled by a response that lands while axe runs (a tile's Add to cart once the
  // cart has loaded) starts its colour transition after the wait above: axe then sees a frame
  // between two states. Judge again once that has settled; a real violation is still there.
  if (found.some((violation) => violation.id === 'color-contrast')) found = await settleAndRun();
  if (found.length > 0) {
    throw new Error(`accessibility violations on ${label} (${page.url()}):\n${describeViolations(found)}`);
  }
}
