/**
 * A probed check's page at phone and laptop width in a real browser (Debian's Chromium through
 * playwright-core): jump links to its sections, the facts that mean something for a probe (next
 * probe, last probe's duration), Edit and Delete… level with the buttons beside them, the
 * Locations table readable at 390 px (its reason in view, nothing wider than the screen), and a
 * response-time chart drawn for the screen with its times in the zone the page shows; axe finds
 * nothing.
 */
import { writeProbeRollups } from '@upmon/check-store';
import { AAD, createCipher } from '@upmon/crypto';
import { createPgPool, withPgTransaction } from '@upmon/db';
import { makeHttpCheck, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { axeViolations } from '../support/axe.js';
import { browserOwnerWorld } from '../support/browser-owner-world.js';
import { recordProblems, signIn } from '../support/browser-page.js';

const w = browserOwnerWorld('owner@check-phone.example.com');
const cipher = createCipher(TEST_ENCRYPTION_KEY);
let checkId = '';

beforeAll(async () => {
  const check = await makeHttpCheck(
    w.prisma,
    w.projectId,
    { url: 'https://shop.example.com/health' },
    { name: 'shop health', status: 'down', tz: 'Asia/Tokyo' },
  );
  checkId = check.id;
  const now = Date.now();
  const pool = createPgPool(w.h.env.DATABASE_URL as string, 1);
  await withPgTransaction(pool, async (c) => {
    await writeProbeRollups(
      c,
      Array.from({ length: 60 }, (_, i) => ({
        checkId: check.id,
        at: new Date(now - i * 20 * 60_000),
        ok: i > 2,
        answered: true,
        totalMs: 140 + (i % 10) * 10,
        dnsMs: 2,
        connectMs: 5,
        tlsMs: 20,
        firstByteMs: 80,
      })),
    );
    await c.query(
      `INSERT INTO check_locations (check_id, location, status, failures_in_row, last_result_at, last_duration_ms, last_reason)
       VALUES ($1, 'local', 'failing', 3, $2, 1234, $3)`,
      [
        check.id,
        new Date(now - 5000),
        cipher.encrypt('HTTP 503 (expected 200): the keyword "healthy" was not found', AAD.checkLocationReason(check.id, 'local')),
      ],
    );
    await c.query(`INSERT INTO pings (check_id, ts, type, method, duration_ms, user_agent) VALUES ($1, $2, 'fail', 'GET', 812, 'upmon-probe')`, [
      check.id,
      new Date(now - 5000),
    ]);
  });
  await pool.end();
});

test.each([
  ['a phone', 390, 844],
  ['a laptop', 1280, 800],
])('on %s: jump links, probe facts, aligned actions, readable locations and chart', async (_label, width, height) => {
  const phone = width < 500;
  const context = await w.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, w.h.base, w.email);
  await page.goto(`${w.h.base}/checks/${checkId}`);

  // A probed check: its next probe and its last probe's duration, no "Next expected —".
  const facts = page.locator('dl.facts[data-check-id]');
  expect(await facts.textContent()).not.toMatch(/Next expected|Last run took/);
  expect(await facts.locator('[data-field=next_probe]').textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d/);
  expect(await facts.locator('[data-field=last_duration]').textContent()).toBe('812 ms');

  // Edit and Delete… are level with the buttons beside them.
  const centre = async (name: string, role: 'link' | 'button') => {
    const box = await page.locator('.head .actions').getByRole(role, { name }).boundingBox();
    return { y: (box?.y ?? 0) + (box?.height ?? 0) / 2, height: box?.height };
  };
  const pause = await centre('Pause', 'button');
  const edit = await centre('Edit', 'link');
  expect(Math.abs(edit.y - pause.y)).toBeLessThanOrEqual(1);
  expect(edit.height).toBe(pause.height);

  // Jump links: "Response times" brings its section's heading into view.
  const jumps = page.getByRole('navigation', { name: 'On this page' });
  expect(await jumps.getByRole('link').allTextContents()).toEqual([
    'Status',
    'Uptime',
    'Locations',
    'Response times',
    'Latest probes',
    'Status changes',
    'Integrations',
    'Notifications sent',
  ]);
  await jumps.getByRole('link', { name: 'Response times' }).click();
  await page.waitForURL(/#h-response-times$/);
  const heading = await page.locator('#h-response-times').boundingBox();
  expect(heading?.y).toBeGreaterThanOrEqual(0);
  expect(heading?.y).toBeLessThan(height / 2);

  // The chart drawn for the screen: as wide as the panel, labels of about 11 px or more.
  const chart = page.locator(`svg.chart:visible`).first();
  const box = await chart.boundingBox();
  expect(box?.width).toBeGreaterThan(phone ? 300 : 500);
  expect(box?.height).toBeGreaterThan(phone ? 160 : 140);
  const label = await chart.locator('text').first().boundingBox();
  expect(label?.height).toBeGreaterThanOrEqual(10);
  // Its times follow the zone the page shows times in: here the check's.
  await page.selectOption('#time-zone-choice', 'check');
  expect(await page.locator('.chart-times time').first().textContent()).toContain('GMT+9');

  // Locations: nothing wider than the screen, the reason in view.
  const reason = await page.locator('[data-location="local"] code').boundingBox();
  expect((reason?.x ?? 0) + (reason?.width ?? 0)).toBeLessThanOrEqual(width);
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
