import type { launchChromium } from '@upmon/testing';
import { TEST_PASSWORD } from './web-users.js';

type Browser = Awaited<ReturnType<typeof launchChromium>>;
export type Page = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['newPage']>>;

/** Records the page's script errors, CSP violations (console errors) and dialogs (dismissed): a test expects none. */
export function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return problems;
}

/** Signs in through the form (TEST_PASSWORD) and waits for the projects page. */
export async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('E-mail').first().fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/projects/);
}
