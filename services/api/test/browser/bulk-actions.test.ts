/**
 * The dashboard's bulk actions in a real browser (Debian's Chromium through playwright-core), at
 * phone and laptop width: checks ticked with the keyboard are paused, resumed, tagged, untagged,
 * put in maintenance and deleted (after a confirmation page naming them); each change is in the
 * audit log; a post without the CSRF token is refused; axe finds nothing on either page.
 */
import type { Check } from '@upmon/db';
import { makeCheck } from '@upmon/testing';
import { axeViolations } from '../support/axe.js';
import { browserOwnerWorld } from '../support/browser-owner-world.js';
import { recordProblems, signIn, type Page } from '../support/browser-page.js';

const w = browserOwnerWorld('owner@bulk.example.com');

async function apply(page: Page, action: string, done: string, fill?: () => Promise<unknown>) {
  await page.getByLabel('With the selected checks').selectOption(action);
  if (fill) await fill();
  await Promise.all([page.waitForURL(new RegExp(`done=${done}`)), page.getByRole('button', { name: 'Apply' }).click()]);
  // Back to the same view (its search kept).
  expect(new URL(page.url()).searchParams.get('q')).toMatch(/^bulk \d+$/);
}

test.each([
  ['a phone', 390, 844],
  ['a laptop', 1280, 800],
])('on %s: tick checks with the keyboard, pause, resume, tag, untag, maintenance and delete them, each audited', async (_label, width, height) => {
  const names = ['a', 'b', 'c'].map((x) => `bulk ${width} ${x}`);
  const checks: Check[] = [];
  for (const name of names) checks.push(await makeCheck(w.prisma, w.projectId, { name, status: 'up', lastPingAt: new Date() }));
  const [one, two, three] = checks as [Check, Check, Check];
  const context = await w.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, w.h.base, w.email);
  await page.goto(`${w.h.base}/projects/${w.projectId}?q=bulk+${width}`);
  expect(await axeViolations(page)).toEqual([]);

  // Tick the first two with the keyboard.
  for (const name of [names[0], names[1]]) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).focus();
    await page.keyboard.press('Space');
  }
  expect(await page.locator('[data-selected-count]').textContent()).toBe('2 selected');
  await apply(page, 'pause', 'paused');
  expect(await page.getByRole('status').first().textContent()).toContain('The selected checks are paused');
  const statuses = async () =>
    (await w.prisma.check.findMany({ where: { id: { in: checks.map((c) => c.id) } }, orderBy: { name: 'asc' } })).map((c) => c.status);
  expect(await statuses()).toEqual(['paused', 'paused', 'up']);

  // The view keeps its search; tick one paused and the up one: resume changes only the paused one.
  await page.getByRole('checkbox', { name: `Select ${names[1]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${names[2]}` }).check();
  await apply(page, 'resume', 'resumed');
  expect(await statuses()).toEqual(['paused', 'up', 'up']); // pinged before: up again (the audit log below shows only b resumed)

  // "All on this page" ticks the three (the view is filtered to them).
  await page.getByRole('checkbox', { name: 'All on this page' }).check();
  expect(await page.locator('[data-selected-count]').textContent()).toBe('3 selected');
  await apply(page, 'tag_add', 'tagged', () => page.getByLabel('Tag', { exact: true }).fill('batch-7'));
  expect((await w.prisma.check.findMany({ where: { id: { in: checks.map((c) => c.id) } } })).every((c) => c.tags.includes('batch-7'))).toBe(true);
  await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await apply(page, 'tag_remove', 'untagged', () => page.getByLabel('Tag', { exact: true }).fill('batch-7'));
  expect((await w.prisma.check.findUniqueOrThrow({ where: { id: one.id } })).tags).toEqual([]);

  await page.getByRole('checkbox', { name: `Select ${names[2]}` }).check();
  await apply(page, 'maintenance', 'in-maintenance', () => page.getByLabel('Maintenance', { exact: true }).selectOption('4'));
  const held = await w.prisma.maintenanceWindow.findFirstOrThrow({ where: { projectId: w.projectId, checkIds: { has: three.id } } });
  expect(held.scope).toBe('checks');
  expect(held.checkIds).toEqual([three.id]);
  expect((held.endsAt?.getTime() ?? 0) - (held.startsAt?.getTime() ?? 0)).toBe(4 * 3_600_000);
  expect(await page.locator(`tr[data-check-id="${three.id}"] .ack-mark`).allTextContents()).toContain('in maintenance');

  // Deleting asks first, naming the checks; Cancel would keep them.
  await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${names[1]}` }).check();
  await page.getByLabel('With the selected checks').selectOption('delete');
  await Promise.all([page.waitForURL(/checks\/bulk$/), page.getByRole('button', { name: 'Apply' }).click()]);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Delete 2 checks?');
  expect(await page.locator('main li').allTextContents()).toEqual([names[0], names[1]]);
  expect(await axeViolations(page)).toEqual([]);
  await Promise.all([page.waitForURL(/done=deleted/), page.getByRole('button', { name: 'Delete 2 checks' }).click()]);
  expect(await w.prisma.check.count({ where: { id: { in: [one.id, two.id] } } })).toBe(0);
  expect(await axeViolations(page)).toEqual([]);

  const audited = await w.prisma.auditEvent.findMany({
    where: { projectId: w.projectId, target: { contains: `bulk ${width} ` } },
    orderBy: { id: 'asc' },
    select: { action: true, target: true },
  });
  expect(audited.map((r) => `${r.action} ${(r.target ?? '').replace(/ \([0-9a-f-]{36}\)/, '')}`)).toEqual([
    `check.pause check "${names[0]}"`,
    `check.pause check "${names[1]}"`,
    `check.resume check "${names[1]}"`,
    `check.tag_add check "${names[0]}": tag "batch-7"`,
    `check.tag_add check "${names[1]}": tag "batch-7"`,
    `check.tag_add check "${names[2]}": tag "batch-7"`,
    `check.tag_remove check "${names[0]}": tag "batch-7"`,
    `check.delete check "${names[0]}"`,
    `check.delete check "${names[1]}"`,
  ]);
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
  expect(problems).toEqual([]);
  await context.close();
});

test('a bulk post without the CSRF token is refused and changes nothing', async () => {
  const check = await makeCheck(w.prisma, w.projectId, { name: 'bulk csrf', status: 'up' });
  const context = await w.browser.newContext();
  const page = await context.newPage();
  await signIn(page, w.h.base, w.email);
  const res = await page.request.post(`${w.h.base}/projects/${w.projectId}/checks/bulk`, { form: { action: 'pause', check: check.id }, maxRedirects: 0 });
  expect(res.status()).toBe(403);
  expect((await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status).toBe('up');
  await context.close();
});
