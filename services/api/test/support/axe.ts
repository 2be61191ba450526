import axe from 'axe-core';
import type { Page } from './browser-page.js';

/** axe-core's script, injected through the DevTools protocol (the pages' CSP allows no inline script). */
const AXE_SOURCE = axe.source;

/** The WCAG 2.2 A and AA rules and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeViolation {
  rule: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the offending elements (the first few). */
  targets: string[];
}

/** axe-core's violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, TAGS);
}

/** No axe violation on the page (`where` names it in a failure), and nothing scrolls sideways. */
export async function expectAccessibleAndFitting(page: Page, where: string): Promise<void> {
  expect({ where, violations: await axeViolations(page) }).toEqual({ where, violations: [] });
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
}
