/**
 * The status page settings in a real browser (Debian's Chromium through playwright-core) with 50
 * checks, at phone and laptop width: one line per check, the public link wraps (no horizontal
 * scroll), the page is a fraction of the old select-and-number form's height (6,357 px on a laptop,
 * 13,388 px on a phone), checks are reordered with the keyboard alone, and axe finds nothing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeCheck } from '@upmon/testing';
import { axeViolations } from '../support/axe.js';
import { browserOwnerWorld } from '../support/browser-owner-world.js';
import { recordProblems, signIn } from '../support/browser-page.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/screenshots');
const w = browserOwnerWorld('owner@status-order.example.com');
const ids: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 50; i++) {
    const check = await makeCheck(w.prisma, w.projectId, {
      name: `check ${String(i).padStart(2, '0')} ${i % 7 === 0 ? 'nightly-backup-of-the-customer-database' : 'web'}`,
    });
    ids.push(check.id);
  }
  await w.prisma.statusPage.create({
    data: {
      projectId: w.projectId,
      title: 'Acme status',
      enabled: true,
      groups: {
        create: [
          { name: 'Web', position: 0, checks: { create: ids.slice(0, 30).map((checkId, position) => ({ checkId, position })) } },
          { name: 'Jobs', position: 1, checks: { create: ids.slice(30, 45).map((checkId, position) => ({ checkId, position })) } },
        ],
      },
    },
  });
});

const savedOrder = async (group: number) => {
  const row = await w.prisma.statusPage.findUniqueOrThrow({
    where: { projectId: w.projectId },
    include: { groups: { orderBy: { position: 'asc' }, include: { checks: { orderBy: { position: 'asc' } } } } },
  });
  return row.groups[group]?.checks.map((c) => c.checkId) ?? [];
};

test.each([
  ['phone', 390, 844, 5_500],
  ['laptop', 1280, 800, 3_800],
])('on a %s: one line per check, no horizontal scroll, a bounded height, keyboard-only reordering', async (label, width, height, maxHeight) => {
  const context = await w.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, w.h.base, w.email);
  await page.goto(`${w.h.base}/projects/${w.projectId}/status-page`);

  const rows = page.locator('li.check-order-row');
  expect(await rows.count()).toBe(50);
  if (label === 'laptop') {
    // One line: the row is no taller than its move buttons plus its padding.
    for (const i of [0, 29, 30]) expect((await rows.nth(i).boundingBox())?.height).toBeLessThan(56);
  }
  const size = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
    height: document.documentElement.scrollHeight,
  }));
  expect(size.doc).toBeLessThanOrEqual(size.view);
  // Measured: 4,823 px on the phone and 3,469 px on the laptop (the old form: 13,388 and 6,357).
  expect(size.height).toBeLessThan(maxHeight);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `status-page-settings-${label}.png`), fullPage: label === 'laptop' });

  // Keyboard only: focus the second check's "Move up" and press Enter, then Enter again on the
  // focused button after the page comes back: the check is first, the focus followed it.
  const before = await savedOrder(0);
  const second = before[1] as string;
  await page.locator(`button[value="up:${second}"]`).focus();
  await Promise.all([page.waitForURL(/moved=up/), page.keyboard.press('Enter')]);
  expect((await savedOrder(0)).slice(0, 2)).toEqual([second, before[0]]);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe(`down:${second}`);
  await Promise.all([page.waitForURL((u) => u.search.includes(`moved=down:${second}`)), page.keyboard.press('Enter')]);
  expect(await savedOrder(0)).toEqual(before);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe(`down:${second}`);
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('with the mouse: drag a check onto another line of its group, the move is announced, Save keeps the order, Preview shows it', async () => {
  const context = await w.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, w.h.base, w.email);
  await page.goto(`${w.h.base}/projects/${w.projectId}/status-page`);
  const before = await savedOrder(1);
  const [first, second, third] = before as [string, string, string];
  await page.dragAndDrop(`#order-${first} .check-order-name`, `#order-${third} .check-order-name`, { targetPosition: { x: 5, y: 20 } });
  expect(await page.locator('ol.check-order[data-group="1"] > li').evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute('data-check-id')))).toEqual(
    [second, third, first],
  );
  expect(await page.locator('[data-order-status]').textContent()).toBe(
    `${await page.locator(`#order-${first} .check-order-name`).textContent()} moved to place 3 of 15 in Jobs. Save the status page to keep the order.`,
  );
  expect(await page.locator(`button[value="up:${second}"]`).isDisabled()).toBe(true);
  expect((await savedOrder(1)).slice(0, 3)).toEqual([first, second, third]);
  await Promise.all([page.waitForURL(/saved=1/), page.getByRole('button', { name: 'Save status page' }).click()]);
  expect(await savedOrder(1)).toEqual([second, third, first, ...before.slice(3)]);

  // Preview: the public page as saved, even unpublished, with the new order.
  await w.prisma.statusPage.update({ where: { projectId: w.projectId }, data: { enabled: false } });
  await page.getByRole('link', { name: 'Preview' }).click();
  await page.waitForURL(/\/status-page\/preview$/);
  const names = await w.prisma.check.findMany({ where: { id: { in: [first, second, third] } } });
  const nameOf = (id: string) => names.find((c) => c.id === id)?.name;
  expect((await page.locator('li.check .check-name').allTextContents()).slice(30, 33)).toEqual([nameOf(second), nameOf(third), nameOf(first)]);
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
