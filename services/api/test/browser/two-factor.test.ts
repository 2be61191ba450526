/**
 * Two-factor authentication in a real browser (Debian's Chromium through playwright-core): set up
 * with a code computed from the shown key, then a sign-in's second step with the keyboard, at
 * phone width; the audit log shows both. No script errors or CSP violations.
 */
import { launchChromium } from '@upmon/testing';
import { totpCodeAt } from '@upmon/user-store';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn } from '../support/browser-page.js';
import { makeTeam, TEST_PASSWORD } from '../support/web-users.js';

let h: BrowserApi;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  h = await startBrowserApi();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

test('on a phone: set up TOTP, sign in with password then code (keyboard), read the audit log', async () => {
  const team = await makeTeam(h.prisma);
  const email = team.users.owner.email;
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const problems = recordProblems(page);

  await signIn(page, h.base, email);
  await page.goto(`${h.base}/me/two-factor`);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = ((await page.locator('#totp-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from your authenticator app').fill(totpCodeAt(secret, new Date()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.locator('#recovery-codes').waitFor();
  expect(((await page.locator('#recovery-codes').textContent()) ?? '').split('\n')).toHaveLength(10);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/sign-in/);
  await page.getByLabel('E-mail').first().fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/sign-in\/two-factor/);
  // The next time step's code (the current one was spent turning it on), typed and sent with the keyboard.
  await page.getByLabel('Code from your authenticator app').focus();
  await page.keyboard.type(totpCodeAt(secret, new Date(Date.now() + 30_000)));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/projects/);

  await page.goto(`${h.base}/accounts/${team.accountId}/audit-log`);
  const text = (await page.locator('main').textContent()) ?? '';
  expect(text).toContain('turned on two-factor authentication');
  expect(text).toContain('signed in');
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
  expect(problems).toEqual([]);
  await context.close();
});
