/**
 * Snooze on the check page in a real browser (Debian's Chromium through playwright-core), at phone
 * and laptop width: open "Snooze notifications…", choose "Until tomorrow 09:00" with the keyboard
 * (read in the zone the page shows times in: here the check's), see it, end it with one tap; axe
 * finds nothing in either state.
 */
import { makeCheck } from '@upmon/testing';
import { axeViolations } from '../support/axe.js';
import { browserOwnerWorld } from '../support/browser-owner-world.js';
import { recordProblems, signIn } from '../support/browser-page.js';

const w = browserOwnerWorld('owner@snooze.example.com');

test.each([
  ['a phone', 390, 844],
  ['a laptop', 1280, 800],
])('on %s: snooze until tomorrow 09:00 in the chosen zone, shown on the page and the dashboard, ended with one tap', async (_label, width, height) => {
  const check = await makeCheck(w.prisma, w.projectId, { name: `db backup ${width}`, status: 'down', tz: 'Asia/Tokyo' });
  const context = await w.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, w.h.base, w.email);
  await page.goto(`${w.h.base}/checks/${check.id}`);
  // Show times in the check's zone: "tomorrow 09:00" is then Tokyo's.
  await page.selectOption('#time-zone-choice', 'check');

  await page.locator('details.snooze summary').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Until tomorrow 09:00' }).focus();
  await Promise.all([page.waitForURL(/done=snoozed/), page.keyboard.press('Enter')]);
  const row = await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } });
  expect(row.snoozedUntil?.toISOString()).toMatch(/T00:00:00\.000Z$/); // 09:00 in Tokyo
  const note = page.locator('.snooze-note');
  expect(await note.textContent()).toContain(`by ${w.email}: its notifications are muted; it is still monitored.`);
  expect(await note.textContent()).toContain('09:00 GMT+9');
  expect(await axeViolations(page)).toEqual([]);
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);

  await page.goto(`${w.h.base}/projects/${w.projectId}`);
  expect(await page.locator(`tr[data-check-id="${check.id}"] .ack-mark`).allTextContents()).toContain('snoozed');

  await page.goto(`${w.h.base}/checks/${check.id}`);
  await Promise.all([page.waitForURL(/done=unsnoozed/), page.getByRole('button', { name: 'End snooze' }).click()]);
  expect(await page.locator('details.snooze summary').textContent()).toBe('Snooze notifications…');
  expect((await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).snoozedAt).toBeNull();
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
