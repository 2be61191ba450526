// Maintenance on the public status page (docs/status-pages.md): a check under maintenance says
// "Maintenance" in words; a banner lists maintenance in progress and starting within a week that
// affects the page's checks, with their names and times, never a window's name.
import { makeCheck, makeMaintenanceWindow, makeProject } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';
import { pageText } from './support/web-client.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const H = 3_600_000;

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
});

test('no banner and no tag without maintenance', async () => {
  const project = await makeProject(h.prisma, { plan: 'pro' });
  const c = await makeCheck(h.prisma, project.id, { name: 'Solo', status: 'up' });
  const page = await h.prisma.statusPage.create({
    data: {
      projectId: project.id,
      title: 'Plain',
      enabled: true,
      groups: { create: [{ name: 'G', position: 0, checks: { create: [{ checkId: c.id, position: 0 }] } }] },
    },
  });
  const html = await (await fetch(`${h.api.url}/status/${page.publicKey}`)).text();
  expect(html).not.toContain('maintenance');
  expect(html).not.toContain('Maintenance');
});
