import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

import type { Test } from 'tap';
import { timed } from './timings.js';

type T = Pick<Test, 'same'>;

// The axe-core that @axe-core/playwright runs (its own dependency): its source, to load into a page.
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = (fromAxePlaywright('axe-core') as { source: string }).source;

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
  /** The first offending element's markup and axe's explanation, to find it in a report. */
  detail: string;
}

/** axe-core's serious and critical findings on the page as it is now (dialogs open included). */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await timed('axe: settle', () => settled(page));
  // axe.run in the page itself, once axe is loaded into the document (it stays across the SPA's
  // client-side navigations; the shop's screens have no frames). Through @axe-core/playwright each
  // check cost several more round trips (its injection into every frame, a configure call), about a
  // third of the check under load. Its default rules run: every rule axe enables by default.
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await timed('axe: load', () => page.evaluate(AXE_SOURCE));
  const result = await timed('axe: run', () =>
    page.evaluate(() => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'] })),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      detail: `${v.nodes[0]?.html.slice(0, 160) ?? ''} ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 200) ?? ''}`,
    }));
}

/** Asserts that one screen has no serious or critical accessibility violation (axe-core). */
export async function checkA11y(t: T, page: Page, screen: string): Promise<void> {
  const found = await axeFindings(page);
  t.same(
    found.map((f) => `${f.id} (${f.impact}): ${f.help} — ${f.targets.join(' | ')} — ${f.detail}`),
    [],
    `axe: ${screen} has no serious or critical violation`,
  );
}

/**
 * Waits for the page's finite CSS transitions and animations to end (spinners loop forever and are
 * left alone): axe measures colours as painted, and a button fading in from its disabled look (Buy
 * now once the app has taken the prerendered page over) would read as too faint half-way.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 20; round += 1) {
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}
