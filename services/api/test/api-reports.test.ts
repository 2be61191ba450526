// GET /api/v1/reports (docs/slos.md, "Reports"): a month's report on a project, a tag and a
// check from flips, maintenance and response-time rollups at a fixed clock, as JSON (checked
// against the OpenAPI document by the harness) and as CSV; query errors by field.
import { makeCheck, makeMaintenanceWindow, makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

const NOW = new Date('2026-04-10T12:00:00Z');
let h: Harness;
let p: Awaited<ReturnType<typeof makeProjectWithKeys>>;
let api: { id: string };
let db: { id: string };

async function flip(checkId: string, ts: string, from: string, to: string, reason = 'fail') {
  await h.pool.query(`INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3, $4, $5, $6, now())`, [
    checkId,
    p.project.id,
    ts,
    from,
    to,
    reason,
  ]);
}

beforeAll(async () => {
  h = await startHarness({}, { now: () => NOW });
  p = await makeProjectWithKeys(h.prisma);
  const created = new Date('2026-02-01T00:00:00Z');
  api = await makeCheck(h.prisma, p.project.id, { name: '=api', kind: 'tcp', tags: ['web'], createdAt: created });
  db = await makeCheck(h.prisma, p.project.id, { name: 'db, primary', tags: ['db'], createdAt: created });
  for (const c of [api, db]) await flip(c.id, '2026-02-01T00:00:00Z', 'new', 'up', 'ping');
  // api: down 40 min on 10 March, the last 10 under a 30-minute maintenance; db: down from 31 March 23:00 to 1 April 01:00.
  await flip(api.id, '2026-03-10T10:00:00Z', 'up', 'down');
  await flip(api.id, '2026-03-10T10:40:00Z', 'down', 'up', 'ping');
  await makeMaintenanceWindow(h.prisma, p.project.id, {
    scope: 'tags',
    tags: ['web'],
    startsAt: new Date('2026-03-10T10:30:00Z'),
    endsAt: new Date('2026-03-10T11:00:00Z'),
  });
  await flip(db.id, '2026-03-31T23:00:00Z', 'up', 'down', 'timeout');
  await flip(db.id, '2026-04-01T01:00:00Z', 'down', 'up', 'ping');
  const hist = new Array<number>(64).fill(0);
  hist[20] = 50; // ~35 ms
  hist[30] = 50; // ~217 ms
  await h.prisma.probeRollup.create({
    data: {
      checkId: api.id,
      resolution: 60,
      bucket: new Date('2026-03-20T10:00:00Z'),
      probes: 100,
      failures: 0,
      answered: 100,
      totalMsSum: 0n,
      maxMs: 300,
      dnsMsSum: 0n,
      connectMsSum: 0n,
      tlsMsSum: 0n,
      firstByteMsSum: 0n,
      hist,
    },
  });
  await h.prisma.slo.create({ data: { projectId: p.project.id, name: 'web up', tag: 'web', targetPercent: 99.9, windowKind: 'rolling', windowDays: 30 } });
});
afterAll(async () => {
  await h.close();
});

test('a month of the whole project: uptime, downtime, incidents with reasons, response times, SLO attainment', async () => {
  const res = await h.call('GET', '/reports?month=2026-03', { key: p.roKey });
  expect(res.status).toBe(200);
  const r = res.body.data;
  const month = 31 * 1440;
  expect(r).toMatchObject({
    subject: { kind: 'project', check: null, tag: null },
    from: '2026-03-01T00:00:00.000+00:00',
    to: '2026-04-01T00:00:00.000+00:00',
    tz: 'UTC',
    month: '2026-03',
  });
  expect(r.totals).toMatchObject({ checks: 2, monitored_minutes: 2 * month - 30, down_minutes: 30 + 60, maintenance_minutes: 30, incidents: 2 });
  const [first, second] = r.checks;
  expect(first).toMatchObject({ name: '=api', monitored_minutes: month - 30, down_minutes: 30, maintenance_minutes: 30 });
  expect(first.incidents).toEqual([
    {
      started_at: '2026-03-10T10:00:00.000+00:00',
      ended_at: '2026-03-10T10:40:00.000+00:00',
      duration_minutes: 40,
      counted_minutes: 30,
      reason: 'the endpoint failed its probes',
    },
  ]);
  expect(first.response_times).toEqual({ probes: 100, p50_ms: 35, p95_ms: 217, p99_ms: 217 });
  expect(second).toMatchObject({ name: 'db, primary', down_minutes: 60, response_times: null });
  expect(second.incidents).toEqual([
    {
      started_at: '2026-03-31T23:00:00.000+00:00',
      ended_at: null,
      duration_minutes: 60,
      counted_minutes: 60,
      reason: 'a run was started but no completion ping arrived within the grace period',
    },
  ]);
  expect(r.slos).toEqual([
    expect.objectContaining({ name: 'web up', target: 99.9, met: true, budget_spent_minutes: 30, budget_allowed_minutes: 0.001 * (month - 30) }),
  ]);
});

test('in Riga the month ends at 21:00Z on 31 March: the db outage is April’s; a tag’s report has its checks only', async () => {
  const riga = (await h.call('GET', '/reports?month=2026-03&tz=Europe/Riga', { key: p.roKey })).body.data;
  expect(riga.to).toBe('2026-03-31T21:00:00.000+00:00');
  expect(riga.totals.monitored_minutes).toBe(2 * 743 * 60 - 30);
  expect(riga.checks.find((c: { name: string }) => c.name === 'db, primary').incidents).toEqual([]);
  const web = (await h.call('GET', '/reports?month=2026-03&tag=web', { key: p.roKey })).body.data;
  expect(web.checks.map((c: { name: string }) => c.name)).toEqual(['=api']);
  const one = (await h.call('GET', `/reports?from=2026-04-01T00:00:00Z&to=2026-04-10T00:00:00Z&check=${db.id}`, { key: p.roKey })).body.data;
  expect(one.checks[0].incidents).toEqual([
    expect.objectContaining({
      started_at: '2026-03-31T23:00:00.000+00:00',
      ended_at: '2026-04-01T01:00:00.000+00:00',
      counted_minutes: 60,
      duration_minutes: 120,
    }),
  ]);
});

test('CSV: one row per check or per incident, names that look like formulas defused, a file name', async () => {
  const res = await fetch(`${h.api.url}/api/v1/reports?month=2026-03&format=csv`, { headers: { authorization: `Bearer ${p.roKey}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="report-project-2026-03.csv"');
  const lines = (await res.text()).split('\r\n');
  expect(lines[0]).toBe('check_id,check_name,availability_percent,monitored_minutes,down_minutes,maintenance_minutes,incidents,p50_ms,p95_ms,p99_ms');
  expect(lines[1]).toBe(`${api.id},'=api,99.933,44610,30,30,1,35,217,217`);
  expect(lines[2]).toBe(`${db.id},"db, primary",99.866,44640,60,0,1,,,`);
  expect(lines[3]).toBe('');
  const incidents = await fetch(`${h.api.url}/api/v1/reports?month=2026-03&format=csv&rows=incidents`, { headers: { authorization: `Bearer ${p.roKey}` } });
  const rows = (await incidents.text()).trim().split('\r\n');
  expect(rows).toHaveLength(3);
  expect(rows[2]).toBe(`${db.id},"db, primary",2026-03-31T23:00:00.000+00:00,,60,60,a run was started but no completion ping arrived within the grace period`);
});

test('query errors name their fields; an unknown check is 404', async () => {
  const bad = await h.call('GET', '/reports?month=2026-13&tz=Nowhere/City&check=x&tag=y&rows=incidents', { key: p.roKey });
  expect(bad.status).toBe(422);
  expect(bad.body.errors).toEqual({
    month: ['must be a month such as 2026-03'],
    check: ['must be an id (a UUID)'],
    tz: ['is not a known IANA time zone name'],
    tag: ['give check or tag, not both'],
    rows: ['is only used with format csv'],
  });
  expect((await h.call('GET', '/reports', { key: p.roKey })).body.errors).toEqual({ from: ['give month, or from and to'] });
  const long = await h.call('GET', '/reports?from=2025-01-01T00:00:00Z&to=2026-04-01T00:00:00Z', { key: p.roKey });
  expect(long.body.errors).toEqual({ to: ['must be at most 366 days after from'] });
  expect((await h.call('GET', '/reports?month=2026-03&month=2026-04', { key: p.roKey })).body.errors).toEqual({ month: ['must be text'] });
  const other = await makeCheck(h.prisma, (await makeProjectWithKeys(h.prisma)).project.id);
  expect((await h.call('GET', `/reports?month=2026-03&check=${other.id}`, { key: p.roKey })).status).toBe(404);
});
