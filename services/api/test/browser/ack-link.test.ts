/**
 * An alert's acknowledgement link in a real browser (Debian's Chromium through playwright-core):
 * the page a phone opens from a chat or an SMS, without an upmon session, with the keyboard.
 */
import { createAckTokens } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import { launchChromium, makeCheck, makeProject, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';

let h: BrowserApi;
let prisma: PrismaClient;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let projectId: string;
const tokens = createAckTokens([TEST_ENCRYPTION_KEY]);

beforeAll(async () => {
  h = await startBrowserApi();
  prisma = h.prisma;
  projectId = (await makeProject(prisma, { plan: 'pro' })).id;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function downCheckLink(name: string) {
  const check = await makeCheck(prisma, projectId, { name, status: 'down' });
  const down = await prisma.flip.create({
    data: { checkId: check.id, projectId, oldStatus: 'up', newStatus: 'down', reason: 'timeout', ts: new Date(Date.now() - 60_000), fannedOutAt: new Date() },
  });
  return { check, url: `${h.base}/ack/${tokens.sign({ checkId: check.id, flipId: down.id.toString() }, new Date())}` };
}

test.each([
  ['a phone', 375, 740],
  ['a desktop', 1280, 900],
])('on %s: the page names the check, acknowledges with the keyboard, and says so; no errors, no horizontal scroll', async (_label, width, height) => {
  const { check, url } = await downCheckLink(`Nightly <i>backup</i> ${width} ${'x'.repeat(60)}`);
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));

  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  expect(await page.locator('h1').textContent()).toBe('Acknowledge this alert?');
  expect(await page.locator('main').textContent()).toContain(`Nightly <i>backup</i> ${width}`);
  expect(await page.locator('main i').count()).toBe(0);
  // The check's name links to its page.
  expect(await page.locator(`main .ack-check a[href="/checks/${check.id}"]`).count()).toBe(1);
  // Opening the link acknowledged nothing.
  expect(await prisma.acknowledgement.count({ where: { checkId: check.id } })).toBe(0);
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);

  // Keyboard only: focus the button and press Enter.
  await page.locator('form.ack-form button').focus();
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.url() === url), page.keyboard.press('Enter')]);
  await page.waitForLoadState();
  expect(await page.locator('h1').textContent()).toBe('Acknowledged');
  expect(await page.locator('.ack-note').textContent()).toMatch(/^Done: acknowledged by alert link at /);
  expect(await prisma.acknowledgement.findFirstOrThrow({ where: { checkId: check.id } })).toMatchObject({ acknowledgedBy: 'alert link', via: 'link' });
  expect(problems).toEqual([]);
  await context.close();
});

test('an expired link says so and points to the check', async () => {
  const check = await makeCheck(prisma, projectId, { status: 'down' });
  const page = await browser.newPage();
  const res = await page.goto(`${h.base}/ack/${tokens.sign({ checkId: check.id, flipId: '1' }, new Date(Date.now() - 8 * 86_400_000))}`);
  expect(res?.status()).toBe(410);
  expect(await page.locator('h1').textContent()).toBe('This link has expired');
  expect(await page.locator(`main a[href="/checks/${check.id}"]`).count()).toBe(1);
  await page.close();
});
