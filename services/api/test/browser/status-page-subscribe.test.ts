/**
 * Subscribing to a status page by e-mail in a real browser (Debian's Chromium through
 * playwright-core), with the keyboard: the form on the public page, its error, the "check your
 * inbox" page, the mailed confirmation link and the unsubscribe link; axe reports nothing on each.
 */
import type { PrismaClient } from '@upmon/db';
import { launchChromium, makeCheck, makeProject, startSmtpCapture, eventually } from '@upmon/testing';
import { expectAccessibleAndFitting } from '../support/axe.js';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn } from '../support/browser-page.js';
import { makeUser } from '../support/web-users.js';

let h: BrowserApi;
let prisma: PrismaClient;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let base: string;
let publicKey: string;
let projectId: string;
let ownerEmail: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  h = await startBrowserApi({ SMTP_URL: smtp.url, EMAIL_FROM: 'status@upmon.test' });
  ({ prisma, base } = h);
  const project = await makeProject(prisma, { plan: 'pro' });
  const check = await makeCheck(prisma, project.id, { name: 'API', status: 'up' });
  const page = await prisma.statusPage.create({
    data: {
      projectId: project.id,
      title: 'Acme',
      enabled: true,
      groups: { create: [{ name: 'Core', position: 0, checks: { create: [{ checkId: check.id, position: 0 }] } }] },
    },
  });
  publicKey = page.publicKey;
  projectId = project.id;
  ownerEmail = (await makeUser(prisma, project.accountId, 'owner', 'owner@subscribe.example.com')).email;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
  await smtp?.close();
});

const expectClean = expectAccessibleAndFitting;

test.each([
  ['a phone', 375, 740, 'phone'],
  ['a laptop', 1280, 900, 'laptop'],
])('on %s: subscribe with the keyboard, fix a typo, confirm from the mail, unsubscribe', async (_label, width, height, who) => {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await page.goto(`${base}/status/${publicKey}`);
  expect(await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')).toBe(`/status/${publicKey}/feed.atom`);
  await expectClean(page, 'public page');
  const field = page.getByLabel('E-mail address');
  const button = page.getByRole('button', { name: 'Subscribe' });
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // A typo: the page comes back with the error beside the field, the address kept.
  await field.focus();
  await page.keyboard.type(`${who}-at-example.com`);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${base}/status/${publicKey}/subscribe`);
  expect(await page.locator('h1').textContent()).toBe('Check the address');
  const again = page.getByLabel('E-mail address');
  expect(await again.getAttribute('aria-invalid')).toBe('true');
  expect(await page.locator('#subscribe-email-error').textContent()).toBe('The e-mail address must be an e-mail address');
  await expectClean(page, 'form with an error');

  await again.fill(`${who}@example.com`);
  await again.focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Subscribe');
  await page.keyboard.press('Enter');
  await page.locator('h1', { hasText: 'Check your inbox' }).waitFor();
  await expectClean(page, 'check your inbox');

  const mail = (await eventually(() => smtp.mails.find((m) => m.to.includes(`${who}@example.com`))))!;
  const link = /(\/status\/[0-9a-f]{32}\/confirm\/[A-Za-z0-9_-]{32})/.exec(mail.text)![1]!;
  await page.goto(`${base}${link}`);
  await expectClean(page, 'confirmation');
  await page.getByRole('button', { name: 'Confirm' }).focus();
  await page.keyboard.press('Enter');
  await page.locator('h1', { hasText: 'Subscribed' }).waitFor();
  await expectClean(page, 'subscribed');
  const row = await prisma.statusPageSubscriber.findFirstOrThrow({ where: { email: `${who}@example.com` } });
  expect(row.confirmedAt).not.toBeNull();

  await page.goto(`${base}/status/${publicKey}/unsubscribe/${row.unsubscribeToken}`);
  await expectClean(page, 'unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.locator('h1', { hasText: 'Unsubscribed' }).waitFor();
  expect(await prisma.statusPageSubscriber.count({ where: { email: `${who}@example.com` } })).toBe(0);
  // The typo's page is a 400 on purpose (Chromium logs it); nothing else went wrong.
  expect(problems).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  await context.close();
});

test.each([
  ['a phone', 375, 740],
  ['a laptop', 1280, 900],
])('on %s: the owner imports addresses and sees the subscribers; axe finds nothing', async (_label, width, height) => {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, base, ownerEmail);
  await page.goto(`${base}/projects/${projectId}/status-page/subscribers`);
  await expectClean(page, 'subscribers');
  await page.getByLabel('Addresses (CSV)').fill(`email\nimported-${width}@example.com\nnot an address`);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('status').filter({ hasText: '1 added, 0 already subscribed. Lines that are not an address: 3.' }).waitFor();
  expect(await page.locator('.subscriber', { hasText: `imported-${width}@example.com` }).count()).toBe(1);
  await expectClean(page, 'subscribers after an import');
  expect(problems).toEqual([]);
  await context.close();
});
