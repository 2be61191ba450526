import {
  snoozeCheck,
  acknowledgeCheck,
  addIncidentUpdate,
  API_RESPONSE_SCHEMAS,
  createIncident,
  editIncidentUpdate,
  presentIncident,
  presentIncidentUpdate,
  validateIncidentInput,
  validateIncidentUpdate,
  validateIncidentUpdateEdit,
  checkPresenter,
  createCheck,
  createIntegration,
  createMaintenance,
  createPrivateLocation,
  findCheck,
  listAuditEvents,
  listFlips,
  listMaintenance,
  listPings,
  presentAuditEvent,
  presentBadge,
  presentCertificate,
  presentCheckLocations,
  presentFlip,
  presentIntegration,
  presentMaintenance,
  presentPing,
  presentPrivateLocation,
  presentResponseTimes,
  presentStatusPage,
  projectBadges,
  readResponseTimes,
  saveStatusPage,
  validateCheckInput,
  validateIntegrationInput,
  validateMaintenanceInput,
  validateStatusPageInput,
  createOncallSchedule,
  createOncallLayer,
  createOncallOverride,
  oncallFeedUrl,
  oncallFinalSchedule,
  oncallNowAndNext,
  presentOncallLayer,
  presentOncallNow,
  presentOncallOverride,
  presentOncallSchedule,
  presentOncallShift,
  userNames,
  validateOncallLayerInput,
  validateOncallOverrideInput,
  addWebhookSubscriber,
  createSlo,
  importSubscribers,
  listSubscribers,
  presentReport,
  presentSlo,
  presentSloStatus,
  presentSubscriber,
  readReport,
  readSloStatus,
  validateReportQuery,
  validateSloInput,
  type JsonSchema,
} from '@upmon/domain';
import { emptyHistogram, responseTimeSeries } from '@upmon/core';
import { makeCheck, sealPingBody } from '@upmon/testing';
import { domainWorldOfThisFile } from './support/domain-world.js';
import { responseProblems, type ResponseName } from './support/response-validator.js';

// Responses have a schema as requests do (docs/api.md, "One definition per response"): each
// presenter's output, from rows written and read through the domain in a real database, must match
// the schema beside it, which describes every field it returns (closed objects, every field
// required). The presenters' return types come from the same schemas, so most drift is a compile
// error; this catches the rest (a field added through a spread, an enum value, a format).

const NOW = new Date('2026-06-01T12:00:00.000Z');
const w = domainWorldOfThisFile();

/** A committed up → down flip of the check (as check-store writes them), already fanned out. */
const insertFlip = (checkId: string, reason: string) =>
  w.pool.query(`INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3, 'up', 'down', $4, $3)`, [
    checkId,
    w.scope.projectId,
    NOW,
    reason,
  ]);

/** Every presenter output seen below, by schema name, for the checks at the end. */
const seen = new Map<ResponseName, unknown[]>();
function expectMatches(name: ResponseName, value: unknown) {
  seen.set(name, [...(seen.get(name) ?? []), value]);
  expect([name, responseProblems(name, value)]).toEqual([name, null]);
}

describe('every presenter returns what its schema describes', () => {
  test('Check (every schedule form, acknowledged or not, snoozed) with its Schedule, Acknowledgement and Snooze', async () => {
    const present = checkPresenter(['http://ping.test', 'http://ping2.test']);
    for (const schedule of [
      { kind: 'period', period_sec: 3600 },
      { kind: 'cron', cron: '0 3 * * *' },
      { kind: 'oncalendar', oncalendar: 'daily' },
    ]) {
      const row = await createCheck(w.deps, w.scope, validateCheckInput({ name: `nightly ${schedule.kind}`, grace_sec: 300, schedule, tags: ['db'] }));
      expectMatches('Check', present(row));
      expectMatches('Schedule', present(row).schedule);
    }
    const down = await makeCheck(w.prisma, w.scope.projectId, { status: 'down', lastPingAt: NOW, description: 'backups' });
    await insertFlip(down.id, 'fail');
    await acknowledgeCheck(w.pool, { checkId: down.id, projectId: w.scope.projectId, by: 'ops@example.com', via: 'web', now: NOW });
    const read = await findCheck(w.pool, w.scope.projectId, down.id);
    const presented = present(read!);
    expect(presented.acknowledged).not.toBeNull();
    expectMatches('Check', presented);
    expectMatches('Acknowledgement', presented.acknowledged);
    // Snoozed for 4 hours, then until it recovers: the Snooze schema holds both.
    for (const duration of ['4h', 'until_recovery'] as const) {
      await snoozeCheck(w.deps, w.scope, down.id, { duration, tz: null }, NOW);
      const snoozed = present((await findCheck(w.pool, w.scope.projectId, down.id))!);
      expect(snoozed.snooze).not.toBeNull();
      expectMatches('Check', snoozed);
      expectMatches('Snooze', snoozed.snooze);
    }
  });

  test('Ping and Flip, as the history reads give them', async () => {
    const check = await makeCheck(w.prisma, w.scope.projectId);
    await w.pool.query(
      `INSERT INTO pings (check_id, ts, type, exit_status, source_ip, method, body_size, body, user_agent, duration_ms, note)
       VALUES ($1, $2, 'exit', 3, '203.0.113.5', 'POST', 5, $3, 'curl/8', 1200, 'run took 1 s'), ($1, $2, 'success', NULL, NULL, 'GET', 0, NULL, NULL, NULL, NULL)`,
      [check.id, NOW, sealPingBody(check.id, 'hello')],
    );
    await insertFlip(check.id, 'exit');
    const pings = await listPings(w.pool, check.id, 10);
    expect(pings).toHaveLength(2);
    for (const p of pings) expectMatches('Ping', presentPing(p, p.body ? 'hello' : null));
    const flips = await listFlips(w.pool, check.id, 10);
    expect(flips).toHaveLength(1);
    for (const f of flips) expectMatches('Flip', presentFlip(f));
    expectMatches('Flip', presentFlip({ ...flips[0]!, held_for: { uuid: check.id, name: null } }));
  });

  test('Integration (with quiet hours, reminders and flapping, and without)', async () => {
    const full = validateIntegrationInput({
      kind: 'webhook',
      name: 'hook',
      events: ['down', 'up'],
      tags: ['db'],
      quiet_hours: { from: '22:00', to: '07:00', tz: 'Europe/Riga' },
      reminders: [1, 24],
      config: { url: 'https://hooks.example.com/x' },
    });
    const plain = validateIntegrationInput({
      kind: 'slack',
      name: 'chat',
      events: ['down'],
      flapping: null,
      config: { webhook_url: 'https://hooks.example.com/s' },
    });
    const telegram = { linkBase: 'https://t.me', botUsername: 'upmon_bot' };
    for (const input of [full, plain]) {
      const { row } = await createIntegration(w.prisma, w.cipher, telegram, w.scope, input, NOW);
      expectMatches('Integration', presentIntegration(row));
    }
  });

  test('Maintenance (one-off, recurring, in progress and over)', async () => {
    const inputs = [
      { name: 'deploy', duration_min: 30 },
      { name: 'weekly', schedule: '0 3 * * sun', tz: 'Europe/Berlin', duration_min: 90, tags: ['db'] },
      { name: 'later', starts_at: '2026-06-02T22:00:00+00:00', ends_at: '2026-06-02T23:00:00+00:00' },
    ];
    for (const body of inputs) await createMaintenance(w.prisma, w.scope, validateMaintenanceInput(body, NOW), NOW);
    const windows = await listMaintenance(w.prisma, w.scope.projectId, NOW);
    expect(windows).toHaveLength(3);
    for (const m of windows) {
      expectMatches('Maintenance', presentMaintenance(m, NOW));
      expectMatches('Maintenance', presentMaintenance(m, new Date(NOW.getTime() + 40 * 86_400_000)));
    }
  });

  test('OncallSchedule with its OncallLayer, OncallOverride, OncallShift, OncallNow and OncallFeed', async () => {
    const user = await w.prisma.user.create({ data: { email: 'oncall-schemas@example.com', name: '' } });
    await w.prisma.membership.create({ data: { accountId: w.scope.accountId, userId: user.id, role: 'member' } });
    const created = await createOncallSchedule(w.prisma, w.scope, { name: 'Primary', description: null });
    const layer = { users: [user.id], rotation: { unit: 'weeks', count: 1 }, anchor_date: '2026-06-01', handoff_time: '09:00', tz: 'Europe/Berlin' };
    await createOncallLayer(w.prisma, w.scope, created.id, validateOncallLayerInput(layer));
    const schedule = await createOncallLayer(
      w.prisma,
      w.scope,
      created.id,
      validateOncallLayerInput({ ...layer, starts_at: '2026-06-01T00:00:00Z', ends_at: null, restrictions: [{ days: [1, 2], from: '22:00', to: '06:00' }] }),
    );
    expectMatches('OncallSchedule', presentOncallSchedule(created));
    expectMatches('OncallSchedule', presentOncallSchedule(schedule));
    for (const l of schedule.layers) expectMatches('OncallLayer', presentOncallLayer(l));
    const override = await createOncallOverride(
      w.prisma,
      w.scope,
      schedule.id,
      validateOncallOverrideInput({ user: user.id, starts_at: '2026-06-01T10:00:00Z', ends_at: '2026-06-01T11:00:00Z' }),
      NOW,
    );
    expectMatches('OncallOverride', presentOncallOverride(override));
    const names = await userNames(w.prisma, [user.id]);
    const shifts = await oncallFinalSchedule(w.prisma, schedule, NOW, new Date(NOW.getTime() + 86_400_000));
    expect(shifts.length).toBeGreaterThan(0);
    for (const shift of shifts) expectMatches('OncallShift', presentOncallShift(shift, names));
    expectMatches('OncallNow', presentOncallNow(NOW, await oncallNowAndNext(w.prisma, schedule, NOW), names));
    expectMatches('OncallNow', presentOncallNow(NOW, { now: null, next: null }, names));
    expectMatches('OncallFeed', { url: oncallFeedUrl('https://upmon.example', schedule.icalToken) });
  });

  test('StatusPage', async () => {
    const check = await makeCheck(w.prisma, w.scope.projectId);
    const page = await saveStatusPage(
      w.prisma,
      w.scope,
      validateStatusPageInput({ title: 'Status', enabled: true, groups: [{ name: 'Web', checks: [check.id] }] }),
    );
    expectMatches('StatusPage', presentStatusPage(page, 'https://app.example.com'));
    // Incidents on it: open with a check and a group, then resolved; without components.
    const opened = await createIncident(
      w.prisma,
      w.scope,
      validateIncidentInput({
        title: 'Slow',
        message: 'Looking',
        components: [
          { check: check.id, impact: 'major_outage' },
          { group: 'Web', impact: 'degraded_performance' },
        ],
      }),
      NOW,
    );
    expectMatches('Incident', presentIncident(opened));
    const resolved = await addIncidentUpdate(w.prisma, w.scope, opened.id, validateIncidentUpdate({ state: 'resolved', message: 'Fixed' }), NOW);
    const edited = await editIncidentUpdate(w.prisma, w.scope, opened.id, resolved.updates[0]!.id, validateIncidentUpdateEdit({ message: 'Fixed!' }), NOW);
    expectMatches('Incident', presentIncident(edited));
    for (const u of edited.updates) expectMatches('IncidentUpdate', presentIncidentUpdate(u));
    expectMatches('Incident', presentIncident(await createIncident(w.prisma, w.scope, validateIncidentInput({ title: 'Bare', message: 'm' }), NOW)));
  });

  test('StatusPageSubscriber, SubscriberCounts and SubscriberImportResult (the page of the test above)', async () => {
    const hook = await addWebhookSubscriber(w.prisma, w.scope, 'https://hooks.example.com/status', NOW);
    expectMatches('StatusPageSubscriber', presentSubscriber(hook));
    expectMatches('SubscriberImportResult', await importSubscribers(w.prisma, w.scope, 'email\nops@example.com\nnot an address\n', NOW));
    const { rows, counts } = await listSubscribers(w.prisma, w.scope.projectId, { limit: 10 });
    expect(rows.map((r) => r.kind).sort()).toEqual(['email', 'webhook']);
    for (const r of rows) expectMatches('StatusPageSubscriber', presentSubscriber(r));
    expectMatches('SubscriberCounts', counts);
  });

  test('Slo and SloStatus (a check with a latency objective, a tag over calendar months) and Report', async () => {
    const check = await makeCheck(w.prisma, w.scope.projectId, { kind: 'http', httpConfig: { url: 'https://example.com/' }, tags: ['db'] });
    await insertFlip(check.id, 'fail');
    const bodies = [
      { name: 'API up', check: check.id, target: 99.9, window: '30d', latency: { threshold_ms: 500, target: 95 } },
      { name: 'Databases', tag: 'db', target: 99.5, window: 'calendar_month', tz: 'Europe/Riga' },
    ];
    for (const body of bodies) {
      const slo = await createSlo(w.prisma, w.scope, validateSloInput(body));
      expectMatches('Slo', presentSlo(slo));
      expectMatches('SloStatus', presentSloStatus(await readSloStatus({ pool: w.pool, prisma: w.prisma }, slo, NOW)));
    }
    for (const query of [
      { month: '2026-05', tz: 'Europe/Riga' },
      { from: '2026-05-31T00:00:00Z', to: '2026-06-01T12:00:00Z', check: check.id },
    ]) {
      expectMatches('Report', presentReport(await readReport({ pool: w.pool, prisma: w.prisma }, w.scope.projectId, validateReportQuery(query), NOW)));
    }
  });

  test('PrivateLocation and PrivateLocationWithKey', async () => {
    const { location, key } = await createPrivateLocation(w.prisma, w.scope, 'office');
    expectMatches('PrivateLocation', presentPrivateLocation(location, NOW));
    expectMatches('PrivateLocationWithKey', { ...presentPrivateLocation(location, NOW), key });
  });

  test('AuditEvent (the operations above were audit-logged)', async () => {
    const { events } = await listAuditEvents(w.pool, { accountId: w.scope.accountId }, { limit: 100 });
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expectMatches('AuditEvent', presentAuditEvent(e));
  });

  test('Badge', async () => {
    const badges = await projectBadges(w.pool, 'https://app.example.com', w.scope.projectId);
    expect(badges.map((b) => b.tag)).toEqual(['*', 'db']);
    for (const b of badges) expectMatches('Badge', presentBadge(b));
  });

  test('ResponseTimes, Certificate and CheckLocations', async () => {
    const check = await makeCheck(w.prisma, w.scope.projectId);
    expectMatches('ResponseTimes', presentResponseTimes(await readResponseTimes(w.pool, w.scope.projectId, check.id, '7d', NOW)));
    const hist = emptyHistogram();
    hist[10] = 3;
    const rollup = {
      bucket: new Date(NOW.getTime() - 3_600_000),
      probes: 4,
      failures: 1,
      answered: 3,
      totalMsSum: 480,
      maxMs: 200,
      dnsMsSum: 3,
      connectMsSum: 6,
      tlsMsSum: 9,
      firstByteMsSum: 120,
      hist,
    };
    const series = responseTimeSeries('24h', [rollup], NOW);
    expect(series.phases).not.toBeNull();
    expectMatches('ResponseTimes', presentResponseTimes(series));
    const cert = {
      subject: 'CN=example.com',
      issuer: 'CN=Test CA',
      sans: ['example.com'],
      validFrom: new Date('2026-01-01T00:00:00Z'),
      validTo: new Date('2026-09-01T00:00:00Z'),
      fingerprint256: 'AB:CD',
      observedAt: NOW,
    };
    expectMatches('Certificate', presentCertificate(cert, NOW));
    const location = { location: 'eu', status: null, stale: false, configured: true, failuresInRow: 0, lastResultAt: null, lastDurationMs: null, reason: null };
    expectMatches('CheckLocations', presentCheckLocations({ quorum: null, locations: [] }));
    expectMatches(
      'CheckLocations',
      presentCheckLocations({
        quorum: 2,
        locations: [location, { ...location, location: 'us', status: 'failing', failuresInRow: 3, lastResultAt: NOW, lastDurationMs: 120, reason: 'HTTP 503' }],
      }),
    );
  });
});

describe('the schemas hold the presenters to them', () => {
  test('every response schema was checked against its presenter above', () => {
    expect([...seen.keys()].sort()).toEqual(Object.keys(API_RESPONSE_SCHEMAS).sort());
  });

  test('every object of every response schema is closed and requires each field it describes', () => {
    const open: string[] = [];
    const walk = (s: unknown, where: string) => {
      if (!s || typeof s !== 'object') return;
      const schema = s as JsonSchema & Record<string, unknown>;
      if (schema.properties) {
        if (schema.additionalProperties !== false) open.push(`${where}: not closed`);
        const required = new Set((schema.required as string[] | undefined) ?? []);
        for (const k of Object.keys(schema.properties)) if (!required.has(k)) open.push(`${where}.${k}: not required`);
      }
      for (const [k, v] of Object.entries(schema)) {
        if (k === 'properties') for (const [p, sub] of Object.entries(v as object)) walk(sub, `${where}.${p}`);
        else if (Array.isArray(v)) v.forEach((sub, i) => walk(sub, `${where}.${k}[${i}]`));
        else if (typeof v === 'object') walk(v, `${where}.${k}`);
      }
    };
    for (const [name, schema] of Object.entries(API_RESPONSE_SCHEMAS)) walk(schema, name);
    expect(open).toEqual([]);
  });

  test('a field a schema does not describe, or a described one left out, fails', () => {
    for (const [name, values] of seen) {
      const value = values[0] as Record<string, unknown>;
      if (!value || typeof value !== 'object') continue;
      expect([name, responseProblems(name, { ...value, undescribed: 1 })]).toEqual([name, expect.stringMatching(/must NOT have additional properties/)]);
      const [first] = Object.keys(value);
      const { [first!]: _left, ...rest } = value;
      expect([name, responseProblems(name, rest)]).toEqual([name, expect.stringMatching(/must have required property/)]);
    }
  });
});
