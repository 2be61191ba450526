/**
 * axe-core over every page of the web app (web-pages.ts) at phone and laptop width: no
 * violations of WCAG 2.2 A/AA or axe's best practices.
 */
import { jest } from '@jest/globals';
import { launchChromium } from '@upmon/testing';
import { axeViolations, type AxeViolation } from '../support/axe.js';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn } from '../support/browser-page.js';
import { seedWebPages, type SeededPages } from './web-pages.js';

jest.setTimeout(600_000);

let h: BrowserApi;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let seeded: SeededPages;

beforeAll(async () => {
  // Sign-up and the e-mailed-link forms are shown only with e-mail configured (nothing is sent here).
  h = await startBrowserApi({ SMTP_URL: 'smtp://127.0.0.1:9' });
  seeded = await seedWebPages(h.prisma, h.base);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

test.each([
  ['a phone', 390, 844],
  ['a laptop', 1280, 800],
])('on %s: every page has no axe violations', async (_label, width, height) => {
  const found: (AxeViolation & { page: string })[] = [];
  const problems: string[] = [];
  for (const signedIn of [false, true]) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const pageProblems = recordProblems(page);
    if (signedIn) await signIn(page, h.base, seeded.email);
    for (const p of seeded.pages.filter((x) => x.signedIn === signedIn)) {
      const res = await page.goto(`${h.base}${p.path}`);
      expect([p.name, res?.status()]).toEqual([p.name, p.name === 'not found' ? 404 : 200]);
      await page.waitForLoadState('networkidle');
      for (const v of await axeViolations(page)) found.push({ page: p.name, ...v });
    }
    // The 404 page's own status is logged by Chromium as a failed load.
    problems.push(...pageProblems.filter((m) => !m.includes('status of 404')));
    await context.close();
  }
  expect(found).toEqual([]);
  expect(problems).toEqual([]);
});

test('axe is wired: it finds what the empty dashboard used to have (aria-label on a <p>)', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent('<!doctype html><html lang="en"><title>t</title><main><h1>x</h1><p class="summary" aria-label="Checks by status"></p></main></html>');
  expect((await axeViolations(page)).map((v) => v.rule)).toContain('aria-prohibited-attr');
  await context.close();
});
