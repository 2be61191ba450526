import { makeCheck, makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

// 12:00 UTC is 14:00 in Berlin (summer time): "tomorrow 09:00" there is 07:00 UTC on the 2nd.
const NOW = new Date('2026-06-01T12:00:00.000Z');
let h: Harness;
let rw: string;
let ro: string;
let projectId: string;

beforeAll(async () => {
  h = await startHarness({}, { now: () => NOW });
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  ({ rwKey: rw, roKey: ro } = p);
  projectId = p.project.id;
});
afterAll(async () => {
  await h.close();
});

const snooze = (id: string, body: unknown, key = rw) => h.call('POST', `/checks/${id}/snooze`, { key, body });

describe('POST and DELETE /checks/{uuid}/snooze', () => {
  test('snoozes for hours, until 09:00 tomorrow in a zone, or until recovery; shown on the check and the list; audit-logged', async () => {
    const check = await makeCheck(h.prisma, projectId, { name: 'backup', status: 'up', tz: 'Europe/Berlin' });
    const by = expect.stringMatching(/^API key upm_rw_/);
    const before = (await h.call('GET', '/checks', { key: ro })).body.data.find((c: { id: string }) => c.id === check.id);
    expect(before.snooze).toBeNull();

    const res = await snooze(check.id, { duration: '4h' });
    expect(res.status).toBe(200);
    expect(res.body.data.snooze).toEqual({ at: '2026-06-01T12:00:00.000+00:00', until: '2026-06-01T16:00:00.000+00:00', by });
    // The cached list follows the row.
    const listed = (await h.call('GET', '/checks', { key: ro })).body.data.find((c: { id: string }) => c.id === check.id);
    expect(listed.snooze).toEqual(res.body.data.snooze);

    // Tomorrow 09:00: the check's zone by default, or the one given.
    expect((await snooze(check.id, { duration: 'tomorrow_0900' })).body.data.snooze.until).toBe('2026-06-02T07:00:00.000+00:00');
    expect((await snooze(check.id, { duration: 'tomorrow_0900', tz: 'America/New_York' })).body.data.snooze.until).toBe('2026-06-02T13:00:00.000+00:00');
    expect((await snooze(check.id, { duration: 'until_recovery' })).body.data.snooze).toEqual({ at: '2026-06-01T12:00:00.000+00:00', until: null, by });

    const ended = await h.call('DELETE', `/checks/${check.id}/snooze`, { key: rw });
    expect(ended.status).toBe(200);
    expect(ended.body.data.snooze).toBeNull();
    // Nothing to end: still 200, not logged twice.
    expect((await h.call('DELETE', `/checks/${check.id}/snooze`, { key: rw })).status).toBe(200);

    const audit = await h.prisma.auditEvent.findMany({ where: { target: { contains: check.id } }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.action, a.target])).toEqual([
      ['check.snooze', `check "backup" (${check.id}) until 2026-06-01T16:00:00.000Z`],
      ['check.snooze', `check "backup" (${check.id}) until 2026-06-02T07:00:00.000Z`],
      ['check.snooze', `check "backup" (${check.id}) until 2026-06-02T13:00:00.000Z`],
      ['check.snooze', `check "backup" (${check.id}) until it recovers`],
      ['check.unsnooze', `check "backup" (${check.id})`],
    ]);
  });

  test('an until-recovery snooze ends with the recovery', async () => {
    const check = await makeCheck(h.prisma, projectId, { status: 'down' });
    await snooze(check.id, { duration: 'until_recovery' });
    await h.prisma.check.update({ where: { id: check.id }, data: { status: 'up' } });
    await h.prisma.flip.create({
      data: { checkId: check.id, projectId, oldStatus: 'down', newStatus: 'up', reason: 'ping', ts: new Date('2026-06-01T12:05:00Z'), fannedOutAt: NOW },
    });
    expect((await h.call('GET', `/checks/${check.id}`, { key: ro })).body.data.snooze).toBeNull();
  });

  test('refuses what it cannot do: bad length or zone (422), read-only key (403), another project (404)', async () => {
    const check = await makeCheck(h.prisma, projectId, {});
    const bad = await snooze(check.id, { duration: '2d', tz: 'Mars/Olympus' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      duration: ['must be one of 1h, 4h, tomorrow_0900, until_recovery'],
      tz: ['is not a time zone we know (use an IANA name such as Europe/Berlin)'],
    });
    expect((await snooze(check.id, {})).body.errors).toEqual({ duration: ['is required'] });
    expect((await snooze(check.id, { duration: '1h' }, ro)).status).toBe(403);
    const other = await makeProjectWithKeys(h.prisma, 'pro');
    expect((await snooze(check.id, { duration: '1h' }, other.rwKey)).status).toBe(404);
    expect((await h.call('DELETE', `/checks/${check.id}/snooze`, { key: other.rwKey })).status).toBe(404);
    expect(await h.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).toMatchObject({ snoozedAt: null });
  });
});
