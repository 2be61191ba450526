// /api/v1/slos (docs/slos.md): every response is checked against the OpenAPI document by the
// harness. CRUD with field errors, read-only keys, other projects' SLOs, the audit log, and the
// status of a check's SLO from its flips and maintenance at a fixed clock.
import { makeCheck, makeMaintenanceWindow, makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

const NOW = new Date('2026-03-20T12:00:00Z');
let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, { now: () => NOW });
});
afterAll(async () => {
  await h.close();
});

async function flip(checkId: string, projectId: string, ts: string, from: string, to: string) {
  await h.pool.query(
    `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3, $4, $5, 'manual', now())`,
    [checkId, projectId, ts, from, to],
  );
}

test('create, read, list, update, delete; read-only keys read; every change is audited', async () => {
  const p = await makeProjectWithKeys(h.prisma);
  const check = await makeCheck(h.prisma, p.project.id);
  const body = { name: 'API up', check: check.id, target: 99.9, window: '30d' };
  expect((await h.call('POST', '/slos', { key: p.roKey, body })).status).toBe(403);
  const created = await h.call('POST', '/slos', { key: p.rwKey, body });
  expect(created.status).toBe(201);
  const slo = created.body.data;
  expect(slo).toMatchObject({ name: 'API up', check: check.id, tag: null, target: 99.9, window: '30d', tz: 'UTC', latency: null });

  expect((await h.call('GET', `/slos/${slo.id}`, { key: p.roKey })).body.data).toEqual(slo);
  expect((await h.call('GET', '/slos', { key: p.roKey })).body.data).toEqual([slo]);

  const changed = await h.call('PATCH', `/slos/${slo.id}`, { key: p.rwKey, body: { tag: 'web', window: 'calendar_month', tz: 'Europe/Kiev' } });
  expect(changed.status).toBe(200);
  expect(changed.body.data).toMatchObject({ name: 'API up', check: null, tag: 'web', window: 'calendar_month', tz: 'Europe/Kyiv', target: 99.9 });

  const other = await makeProjectWithKeys(h.prisma);
  expect((await h.call('GET', `/slos/${slo.id}`, { key: other.roKey })).status).toBe(404);
  expect((await h.call('DELETE', `/slos/${slo.id}`, { key: other.rwKey })).status).toBe(404);
  expect((await h.call('GET', '/slos/not-a-uuid', { key: p.roKey })).status).toBe(404);

  expect((await h.call('DELETE', `/slos/${slo.id}`, { key: p.rwKey })).status).toBe(204);
  expect((await h.call('GET', `/slos/${slo.id}`, { key: p.roKey })).status).toBe(404);
  const audit = await h.prisma.auditEvent.findMany({ where: { projectId: p.project.id }, orderBy: { id: 'asc' } });
  expect(audit.map((a) => [a.action, a.target])).toEqual([
    ['slo.create', `SLO "API up" (${slo.id})`],
    ['slo.change', `SLO "API up" (${slo.id})`],
    ['slo.delete', `SLO "API up" (${slo.id})`],
  ]);
});

test('field errors name each field in plain words', async () => {
  const p = await makeProjectWithKeys(h.prisma);
  const heartbeat = await makeCheck(h.prisma, p.project.id);
  const bad = await h.call('POST', '/slos', { key: p.rwKey, body: { name: '', target: 100, window: '90d', tz: 'Mars/Base', extra: 1 } });
  expect(bad.status).toBe(422);
  expect(bad.body.errors).toEqual({
    name: ['cannot be empty'],
    target: ['must be at most 99.999'],
    window: ['must be one of 7d, 28d, 30d, calendar_month'],
    extra: [expect.stringContaining('not allowed')],
    check: ['give either check or tag (one of them)'],
    tz: ['is only used with window calendar_month'],
  });
  const both = await h.call('POST', '/slos', { key: p.rwKey, body: { name: 'x', check: heartbeat.id, tag: 'web', target: 99.95, window: '7d' } });
  expect(both.body.errors).toEqual({ tag: ['give either check or tag (one of them)'] });
  const zone = await h.call('POST', '/slos', { key: p.rwKey, body: { name: 'x', tag: 'web', target: 99.9, window: 'calendar_month', tz: 'Mars/Base' } });
  expect(zone.body.errors).toEqual({ tz: ['is not a known IANA time zone name'] });
  const decimals = await h.call('POST', '/slos', { key: p.rwKey, body: { name: 'x', tag: 'web', target: 99.12345, window: '7d' } });
  expect(decimals.body.errors).toEqual({ target: ['can have at most 3 decimals'] });
  const latency = await h.call('POST', '/slos', {
    key: p.rwKey,
    body: { name: 'x', check: heartbeat.id, target: 99.9, window: '7d', latency: { threshold_ms: 500, target: 95 } },
  });
  expect(latency.body.errors).toEqual({ latency: ['is only for probed checks (a heartbeat check has no response times)'] });
  const stranger = await makeCheck(h.prisma, (await makeProjectWithKeys(h.prisma)).project.id);
  const foreign = await h.call('POST', '/slos', { key: p.rwKey, body: { name: 'x', check: stranger.id, target: 99.9, window: '7d' } });
  expect(foreign.body.errors).toEqual({ check: ['is not a check of this project'] });
  const limits = await h.call('POST', '/slos', {
    key: p.rwKey,
    body: { name: 'x'.repeat(101), tag: 't'.repeat(101), target: 99, window: '7d', latency: { threshold_ms: 0, target: 10 } },
  });
  expect(limits.body.errors).toEqual({
    name: ['must be at most 100 characters long'],
    tag: ['must be at most 100 characters long'],
    'latency.threshold_ms': ['must be at least 1'],
    'latency.target': ['must be at least 50'],
  });
});

test('status: a calendar month’s availability and budget from the flips, maintenance not counted, burn rates', async () => {
  const p = await makeProjectWithKeys(h.prisma);
  const check = await makeCheck(h.prisma, p.project.id, { createdAt: new Date('2026-02-01T00:00:00Z') });
  await flip(check.id, p.project.id, '2026-02-01T00:00:00Z', 'new', 'up');
  await flip(check.id, p.project.id, '2026-03-10T10:00:00Z', 'up', 'down');
  await flip(check.id, p.project.id, '2026-03-10T10:30:00Z', 'down', 'up');
  // 20 of those 30 minutes were maintenance.
  await makeMaintenanceWindow(h.prisma, p.project.id, { startsAt: new Date('2026-03-10T10:10:00Z'), endsAt: new Date('2026-03-10T10:30:00Z') });
  const slo = (await h.call('POST', '/slos', { key: p.rwKey, body: { name: 'm', check: check.id, target: 99.9, window: 'calendar_month' } })).body.data;
  const res = await h.call('GET', `/slos/${slo.id}/status`, { key: p.roKey });
  expect(res.status).toBe(200);
  const s = res.body.data;
  const monitored = (NOW.getTime() - Date.parse('2026-03-01T00:00:00Z')) / 60_000 - 20;
  expect(s).toMatchObject({
    slo,
    from: '2026-03-01T00:00:00.000+00:00',
    to: '2026-04-01T00:00:00.000+00:00',
    checks: 1,
    met: true,
    monitored_minutes: monitored,
    down_minutes: 10,
    maintenance_minutes: 20,
    latency: null,
  });
  expect(s.availability).toBeCloseTo(100 * (1 - 10 / monitored), 3);
  // The whole month is counted (all of it ahead is expected monitored), less the 20 minutes.
  expect(s.budget.allowed_minutes).toBeCloseTo(0.001 * (31 * 1440 - 20), 3);
  expect(s.budget.spent_minutes).toBe(10);
  expect(s.budget.remaining_percent).toBeCloseTo(100 * (1 - 10 / (0.001 * (31 * 1440 - 20))), 2);
  expect(s.burn_rates).toEqual([
    { alert: 'fast', long_window_minutes: 60, short_window_minutes: 5, threshold: 14.4, long_burn: 0, short_burn: 0, firing: false },
    { alert: 'slow', long_window_minutes: 360, short_window_minutes: 30, threshold: 6, long_burn: 0, short_burn: 0, firing: false },
  ]);
});

test('status of a latency objective: the share of probes within the threshold from the hourly rollups', async () => {
  const p = await makeProjectWithKeys(h.prisma);
  const check = await makeCheck(h.prisma, p.project.id, { kind: 'tcp' });
  const hist = new Array<number>(64).fill(0);
  hist[10] = 90; // ~6 ms
  hist[40] = 8; // ~1.4 s
  await h.prisma.probeRollup.create({
    data: {
      checkId: check.id,
      resolution: 60,
      bucket: new Date('2026-03-20T10:00:00Z'),
      probes: 100,
      failures: 2,
      answered: 98,
      totalMsSum: 0n,
      maxMs: 1500,
      dnsMsSum: 0n,
      connectMsSum: 0n,
      tlsMsSum: 0n,
      firstByteMsSum: 0n,
      hist,
    },
  });
  const created = await h.call('POST', '/slos', {
    key: p.rwKey,
    body: { name: 'fast', check: check.id, target: 99, window: '7d', latency: { threshold_ms: 500, target: 95 } },
  });
  expect(created.status).toBe(201);
  const s = (await h.call('GET', `/slos/${created.body.data.id}/status`, { key: p.roKey })).body.data;
  expect(s.latency).toEqual({ threshold_ms: 500, target: 95, probes: 100, fast_percent: 90, met: false });
});
