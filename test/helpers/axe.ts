import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type T = { same(found: unknown, wanted: unknown, message?: string): void };

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical findings on the page as it is now (dialogs open included). */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** Asserts that one screen has no serious or critical accessibility violation (axe-core). */
export async function checkA11y(t: T, page: Page, screen: string): Promise<void> {
  const found = await axeFindings(page);
  t.same(
    found.map((f) => `${f.id} (${f.impact}): ${f.help} — ${f.targets.join(' | ')}`),
    [],
    `axe: ${screen} has no serious or critical violation`,
  );
}
