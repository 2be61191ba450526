/**
 * The dashboard of a big project over HTTP: worst status first, search by name or slug, several
 * tags at once, chips coloured by their worst check, pages, the state in the URL, maintenance
 * marked like an acknowledgement.
 */
import { makeCheck, makeProject } from '@upmon/testing';
import { PING_DOMAINS, type Harness } from './support/api-harness.js';
import { pageText, type WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

let h: Harness;
let team: Team;
let viewer: WebClient;
let member: WebClient;
let projectId: string;

const STATUSES = ['up', 'up', 'late', 'down', 'new', 'paused'] as const;

beforeAll(async () => {
  let as: Record<string, WebClient>;
  ({ h, team, as } = await startWebTeam());
  viewer = as.read_only!;
  member = as.member!;
  projectId = (await makeProject(h.prisma, { accountId: team.accountId })).id;
  // 240 checks: "job 001" … "job 240", statuses in turn, tags by tens, last pings a minute apart.
  await h.prisma.check.createMany({
    data: Array.from({ length: 240 }, (_, i) => ({
      projectId,
      name: `job ${String(i + 1).padStart(3, '0')}`,
      slug: `slug-${i + 1}`,
      status: STATUSES[i % STATUSES.length]!,
      tags: [`team-${i % 3}`, `env-${i % 2}`],
      scheduleKind: 'period' as const,
      periodSec: 60,
      graceSec: 60,
      lastPingAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
    })),
  });
});
afterAll(() => h.close());

/** The check names of a page, in order. */
async function names(query: string): Promise<string[]> {
  const page = await viewer.get(`/projects/${projectId}${query}`);
  expect(page.status).toBe(200);
  return [...page.text.matchAll(/class="check-name">([^<]*)</g)].map((m) => m[1]!);
}

test('worst status first, by name within a status, 100 a page; the pager keeps the query', async () => {
  const first = await names('');
  expect(first).toHaveLength(100);
  // 40 down, then 40 late, then up (80): the first page ends in the up ones.
  expect(first.slice(0, 2)).toEqual(['job 004', 'job 010']);
  expect(first[39]).toBe('job 238');
  expect(first[40]).toBe('job 003');
  const page = await viewer.get(`/projects/${projectId}?page=3`);
  expect(page.text).toContain('201–240 of 240 checks');
  expect(page.text).toContain(`href="/projects/${projectId}?page=2" rel="prev"`);
  expect(await names('?page=3')).toHaveLength(40);
  expect(page.text).toContain('data-poll-all="0"');
  // Past the last page (checks deleted since the link was made): back to the first.
  const beyond = await viewer.get(`/projects/${projectId}?tag=env-1&page=9`);
  expect([beyond.status, beyond.location]).toEqual([303, `/projects/${projectId}?tag=env-1`]);
});

test('sorted by name or by last ping (newest first)', async () => {
  expect((await names('?sort=name')).slice(0, 3)).toEqual(['job 001', 'job 002', 'job 003']);
  expect((await names('?sort=last_ping')).slice(0, 3)).toEqual(['job 240', 'job 239', 'job 238']);
  const page = await viewer.get(`/projects/${projectId}?sort=last_ping&page=1`);
  expect(page.text).toContain(`href="/projects/${projectId}?sort=last_ping&amp;page=2" rel="next"`);
});

test('search by name or slug, literally (no wildcards)', async () => {
  expect(await names('?q=JOB+12')).toEqual(
    ['job 120', 'job 121', 'job 122', 'job 123', 'job 124', 'job 125', 'job 126', 'job 127', 'job 128', 'job 129'].sort(byStatusOrder),
  );
  expect(await names('?q=slug-240')).toEqual(['job 240']);
  expect(await names('?q=%25')).toEqual([]);
  expect(await names('?q=job_1')).toEqual([]);
  const none = await viewer.get(`/projects/${projectId}?q=nothing`);
  expect(none.text).toContain('No checks match this filter.');
});

test('several tags at once: checks having all of them; chips coloured by their worst check toggle a tag', async () => {
  const both = await names('?tag=team-0&tag=env-1&sort=name');
  // i % 3 == 0 and i % 2 == 1: i = 3, 9, 15, … → names job 004, job 010, …
  expect(both.slice(0, 3)).toEqual(['job 004', 'job 010', 'job 016']);
  expect(both).toHaveLength(40);
  const page = await viewer.get(`/projects/${projectId}?tag=team-0`);
  // team-0 is selected (its chip removes it); env-1's chip adds it; every chip shows its worst check.
  expect(page.text).toMatch(new RegExp(`href="/projects/${projectId}" class="tag-chip tag-down on" aria-current="true"`));
  expect(page.text).toContain(`href="/projects/${projectId}?tag=team-0&amp;tag=env-1" class="tag-chip tag-down"`);
  // The search form keeps the chosen tags.
  expect(page.text).toContain('<input type="hidden" name="tag" value="team-0"/>');
});

test('a check under maintenance is marked like an acknowledged one; its row follows the window', async () => {
  const p = await makeProject(h.prisma, { accountId: team.accountId });
  const c = await makeCheck(h.prisma, p.id, { name: 'db dump', tags: ['db'], status: 'up' });
  const before = await viewer.get(`/projects/${p.id}`);
  expect(before.text).not.toContain('in maintenance');
  await h.prisma.maintenanceWindow.create({
    data: {
      projectId: p.id,
      name: 'upgrade <pg>',
      scope: 'tags',
      tags: ['db'],
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    },
  });
  const during = await viewer.get(`/projects/${p.id}`);
  expect(during.text).toMatch(/<span class="ack-mark" title="Maintenance “upgrade &lt;pg>” until [^"]+ UTC">in maintenance<\/span>/);
  expect(during.text).toContain(`data-check-id="${c.id}"`);
  await h.prisma.maintenanceWindow.deleteMany({ where: { projectId: p.id } });
  expect((await viewer.get(`/projects/${p.id}`)).text).not.toContain('in maintenance');
});

test('an empty project: no filter, no status summary; an action, and examples whose first ping creates the check', async () => {
  const p = await makeProject(h.prisma, { accountId: team.accountId });
  const page = await viewer.get(`/projects/${p.id}`);
  expect(pageText(page.text)).toContain('Add your first check');
  expect(page.text).not.toContain('role="search"');
  expect(page.text).not.toContain('Checks by status');
  // A read-only member sees the examples, not the buttons; a member both.
  expect(page.text).not.toContain(`href="/projects/${p.id}/checks/new"`);
  const asMember = await member.get(`/projects/${p.id}`);
  expect(asMember.text).toContain(`href="/projects/${p.id}/checks/new"`);
  const url = `${PING_DOMAINS[0]}/${p.pingKey}/nightly-backup?create=1`;
  expect(/<code id="example-url">([^<]*)<\/code>/.exec(page.text)?.[1]).toBe(url);
  expect(/<pre id="example-crontab">([^<]*)<\/pre>/.exec(page.text)?.[1]).toBe(
    `0 3 * * * /path/to/job.sh &amp;&amp; curl -fsS -m 10 --retry 5 -o /dev/null &quot;${url}&quot;`,
  );
  expect(page.text).toContain(`<code id="example-curl">curl -fsS -m 10 --retry 5 &quot;${url}&quot;</code>`);
  // (A slug URL's `?create=1` creating the check on its first ping: healthchecks-ported/test-ping-by-slug.test.ts.)
});

/** The default order's tie-break within one status is the name; statuses worst first. */
function byStatusOrder(a: string, b: string): number {
  const rank = (n: string) => ['down', 'late', 'up', 'new', 'paused'].indexOf(STATUSES[(Number(n.slice(4)) - 1) % STATUSES.length]!);
  return rank(a) - rank(b) || a.localeCompare(b);
}

test('bulk actions: members only (no checkboxes for read-only), plain messages for a bad tag, no check, too many or a foreign check', async () => {
  const mine = await makeCheck(h.prisma, projectId, { name: 'bulk target' });
  const page = await viewer.get(`/projects/${projectId}`);
  expect(page.text).not.toContain('id="bulk"');
  expect(page.text).toContain('class="cards checks-table"');
  const refused = await viewer.post(`/projects/${projectId}/checks/bulk`, { action: 'pause', check: mine.id });
  expect(refused.status).toBe(403);
  expect((await member.get(`/projects/${projectId}`)).text).toContain('action="/projects/' + projectId + '/checks/bulk"');

  const post = (fields: Record<string, string | string[]>) => member.post(`/projects/${projectId}/checks/bulk`, fields);
  const cases: [Record<string, string | string[]>, string][] = [
    [{ action: 'pause' }, 'Choose at least one check.'],
    [{ action: 'pause', check: 'not-a-uuid' }, 'The checks must be given by their ids.'],
    [{ action: 'pause', check: Array.from({ length: 101 }, () => crypto.randomUUID()) }, 'Choose at most 100 checks at once.'],
    [{ action: 'tag_add', check: mine.id, tag: '  ' }, 'The tag cannot be empty.'],
    [{ action: 'tag_add', check: mine.id, tag: 'x'.repeat(101) }, 'The tag must be at most 100 characters.'],
    [{ action: 'maintenance', check: mine.id, hours: '5' }, 'The maintenance must last 1, 4 or 24 hours.'],
    [{ action: 'explode', check: mine.id }, 'Choose what to do with the selected checks.'],
  ];
  for (const [fields, message] of cases) {
    const res = await post(fields);
    expect(res.status).toBe(422);
    expect(pageText(res.text)).toContain(message);
  }
  // A check of another project is not touched (and not named on the confirmation page).
  const other = await makeCheck(h.prisma, team.project.id, { name: 'someone else’s' });
  expect((await post({ action: 'pause', check: other.id })).location).toBe(`/projects/${projectId}?done=paused`);
  expect((await h.prisma.check.findUniqueOrThrow({ where: { id: other.id } })).status).toBe('new');
  expect((await post({ action: 'delete', check: other.id })).status).toBe(422);
  const confirm = await post({ action: 'delete', check: [mine.id, other.id] });
  expect(pageText(confirm.text)).toContain('Delete 1 check?');
  expect(confirm.text).not.toContain('someone else');
  expect((await h.prisma.check.findUniqueOrThrow({ where: { id: mine.id } })).status).toBe('new');
});

test("a row's last 24 hours take out maintenance, even a window closed early since", async () => {
  const H = 3_600_000;
  const now = Date.now();
  const created = new Date(now - 48 * H);
  const check = await makeCheck(h.prisma, projectId, { name: 'zz held', status: 'up', createdAt: created });
  await h.prisma.flip.createMany({
    data: [
      { checkId: check.id, projectId, ts: created, oldStatus: 'new', newStatus: 'up', reason: 'ping' },
      { checkId: check.id, projectId, ts: new Date(now - 2 * H), oldStatus: 'up', newStatus: 'down', reason: 'timeout' },
      { checkId: check.id, projectId, ts: new Date(now - 1 * H), oldStatus: 'down', newStatus: 'up', reason: 'ping' },
    ],
  });
  const row = async () => {
    const page = await viewer.get(`/projects/${projectId}?q=zz+held`);
    return /<td class="recent"><span class="uptime-figure">([^<]*)<\/span><span class="strip" role="img" aria-label="([^"]*)"/.exec(page.text)?.slice(1);
  };
  expect(await row()).toEqual(['95.83 %', 'Last 24 hours: down in 2 hours']);
  // A window over the outage, closed early half an hour ago: no longer open, still taken out.
  await h.prisma.maintenanceWindow.create({
    data: {
      projectId,
      name: 'db move',
      scope: 'checks',
      checkIds: [check.id],
      startsAt: new Date(now - 3 * H),
      endsAt: new Date(now + H),
      endedAt: new Date(now - 0.5 * H),
    },
  });
  expect(await row()).toEqual(['100.00 %', 'Last 24 hours: under maintenance in 2 hours']);
});
