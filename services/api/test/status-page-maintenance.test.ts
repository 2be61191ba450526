// Maintenance on the public status page (docs/status-pages.md): a check under maintenance says
// "Maintenance" in words; a banner lists maintenance in progress and starting within a week that
// affects the page's checks, with their names and times, never a window's name; time under
// maintenance is not downtime in the uptime bars and figures.
import type { CheckStatus } from '@upmon/core';
import { makeCheck, makeMaintenanceWindow, makeProject } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';
import { pageText } from './support/web-client.js';

let h: Harness;
/** The api's clock: now, unless a test fixes it. */
let fixedNow: Date | null = null;
beforeAll(async () => {
  h = await startHarness({}, { now: () => fixedNow ?? new Date() });
});
afterEach(() => {
  fixedNow = null;
});
afterAll(async () => {
  await h.close();
});

const H = 3_600_000;
const DAY = 24 * H;

async function enabledPage(projectId: string, title: string, checkIds: string[]): Promise<string> {
  const page = await h.prisma.statusPage.create({
    data: {
      projectId,
      title,
      enabled: true,
      groups: { create: [{ name: 'G', position: 0, checks: { create: checkIds.map((checkId, position) => ({ checkId, position })) } }] },
    },
  });
  return page.publicKey;
}

test('under maintenance in words, a banner of active and upcoming windows of the page checks, no private names', async () => {
  const project = await makeProject(h.prisma, { plan: 'pro' });
  const db = await makeCheck(h.prisma, project.id, { name: 'Database', status: 'down', tags: ['db'] });
  const web = await makeCheck(h.prisma, project.id, { name: 'Website', status: 'up' });
  const hidden = await makeCheck(h.prisma, project.id, { name: 'Internal cron', status: 'up' });
  const page = await h.prisma.statusPage.create({
    data: {
      projectId: project.id,
      title: 'Acme',
      enabled: true,
      groups: {
        create: [
          {
            name: 'Core',
            position: 0,
            checks: {
              create: [
                { checkId: db.id, position: 0 },
                { checkId: web.id, position: 1 },
              ],
            },
          },
        ],
      },
    },
  });
  const now = Date.now();
  await makeMaintenanceWindow(h.prisma, project.id, {
    name: 'secret upgrade of pg-3',
    scope: 'tags',
    tags: ['db'],
    startsAt: new Date(now - H),
    endsAt: new Date(now + H),
  });
  await makeMaintenanceWindow(h.prisma, project.id, {
    name: 'cdn swap',
    scope: 'checks',
    checkIds: [web.id],
    startsAt: new Date(now + 24 * H),
    endsAt: new Date(now + 25 * H),
  });
  await makeMaintenanceWindow(h.prisma, project.id, { name: 'far away', startsAt: new Date(now + 10 * 24 * H), endsAt: new Date(now + 10 * 24 * H + H) });
  await makeMaintenanceWindow(h.prisma, project.id, { name: 'not on the page', scope: 'checks', checkIds: [hidden.id] });
  await makeMaintenanceWindow(h.prisma, project.id, { name: 'ended', startsAt: new Date(now - H), endsAt: new Date(now + H), endedAt: new Date(now - 60_000) });

  const res = await fetch(`${h.api.url}/status/${page.publicKey}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const text = pageText(html);
  expect(text).toMatch(/Database\s*■\s*down\s*Maintenance/);
  expect(text).not.toMatch(/Website\s*■\s*up\s*Maintenance/);
  const banner = /<section class="maintenance-banner"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  const items = pageText(banner);
  expect(items).toMatch(/In progress until \d{4}-\d\d-\d\d \d\d:\d\d UTC\s*: Database/);
  expect(items).toMatch(/Scheduled from .* UTC to .* UTC\s*: Website/);
  expect(banner.match(/<li/g)).toHaveLength(2);
  for (const name of ['secret upgrade', 'cdn swap', 'far away', 'not on the page', 'Internal cron']) expect(html).not.toContain(name);
  // Nor in the Statuspage-style JSON and the incident feeds: a window's name or scope is never public.
  const docs = [
    'api/v2/summary.json',
    'api/v2/status.json',
    'api/v2/components.json',
    'api/v2/incidents.json',
    'api/v2/incidents/unresolved.json',
    'feed.atom',
    'feed.rss',
  ];
  for (const doc of docs) {
    const r = await fetch(`${h.api.url}/status/${page.publicKey}/${doc}`);
    expect([doc, r.status]).toEqual([doc, 200]);
    const body = await r.text();
    for (const name of ['secret upgrade', 'pg-3', 'cdn swap', 'far away', 'not on the page']) expect([doc, body.includes(name)]).toEqual([doc, false]);
  }
  const summary = await (await fetch(`${h.api.url}/status/${page.publicKey}/api/v2/summary.json`)).json();
  expect(summary.components.find((c: { name: string }) => c.name === 'Database')?.status).toBe('major_outage');
  expect(summary.scheduled_maintenances).toEqual([]);
});

test('no banner, no tag and no day marked without maintenance', async () => {
  const project = await makeProject(h.prisma, { plan: 'pro' });
  const c = await makeCheck(h.prisma, project.id, { name: 'Solo', status: 'up' });
  const key = await enabledPage(project.id, 'Plain', [c.id]);
  const html = await (await fetch(`${h.api.url}/status/${key}`)).text();
  // Only the footer, which explains that maintenance is not counted, mentions it.
  expect(html.replace(/<footer>[\s\S]*<\/footer>/, '')).not.toMatch(/maint/i);
});

test('down 2 h of which 1 h under a window that covers the check: the day counts 1 h down without the window, and says so', async () => {
  const today = Math.floor(Date.now() / DAY) * DAY;
  // The page at 00:00 UTC today: three whole days shown since the checks were created.
  fixedNow = new Date(today);
  const project = await makeProject(h.prisma, { plan: 'pro' });
  const covered = await makeCheck(h.prisma, project.id, { name: 'Covered', status: 'up', createdAt: new Date(today - 3 * DAY) });
  const other = await makeCheck(h.prisma, project.id, { name: 'Other', status: 'up', createdAt: new Date(today - 3 * DAY) });
  const flip = (checkId: string, at: number, oldStatus: CheckStatus, newStatus: CheckStatus) =>
    h.prisma.flip.create({ data: { checkId, projectId: project.id, ts: new Date(at), oldStatus, newStatus, reason: 'ping', fannedOutAt: new Date() } });
  // Both: up since creation, down the day before yesterday 10:00–12:00 UTC (a day the page rolls up and stores).
  for (const c of [covered, other]) {
    await flip(c.id, today - 3 * DAY, 'new', 'up');
    await flip(c.id, today - 2 * DAY + 10 * H, 'up', 'down');
    await flip(c.id, today - 2 * DAY + 12 * H, 'down', 'up');
  }
  // Maintenance of the covered check only, that day 11:00–12:00.
  await makeMaintenanceWindow(h.prisma, project.id, {
    scope: 'checks',
    checkIds: [covered.id],
    startsAt: new Date(today - 2 * DAY + 11 * H),
    endsAt: new Date(today - 2 * DAY + 12 * H),
  });
  const key = await enabledPage(project.id, 'Acme', [covered.id, other.id]);

  const html = await (await fetch(`${h.api.url}/status/${key}`)).text();
  const [coveredRow, otherRow] = html.split('<li class="check">').slice(1) as [string, string];
  const bars = (row: string) => [...row.matchAll(/<li class="([a-z ]+)" title="([^"]+)"/g)].map((m) => [m[1], m[2]]);
  const day = (offset: number) => new Date(today - offset * DAY).toISOString().slice(0, 10);
  // 23 h counted (the hour under maintenance is not), 1 h of it down: 22 ÷ 23.
  expect(bars(coveredRow).slice(-4)).toEqual([
    ['bar full', `${day(3)}: 100% up`],
    ['bar low maint', `${day(2)}: 95.65% up; down 1 h; under maintenance 1 h (not counted)`],
    ['bar full', `${day(1)}: 100% up`],
    ['bar none', `${day(0)}: no data`],
  ]);
  // 70 h up of 71 counted, against 70 of 72 without the window.
  expect(pageText(coveredRow)).toContain('98.59% uptime');
  // The other check was down the whole 2 h.
  expect(bars(otherRow)[87]).toEqual(['bar low', `${day(2)}: 91.66% up`]);
  expect(pageText(otherRow)).toContain('97.22% uptime');
  // Incidents are listed as they happened.
  expect(pageText(html)).toMatch(/Covered was down from .* 10:00 UTC to .* 12:00 UTC \(2 h\)/);
});
