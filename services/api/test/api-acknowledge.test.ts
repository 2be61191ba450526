import type { CheckStatus } from '@upmon/db';
import { makeCheck, makeIntegration, makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

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

/** Commits a flip as check-store would (state + flip row), already fanned out. */
async function flip(checkId: string, oldStatus: CheckStatus, newStatus: CheckStatus, ts: Date) {
  await h.prisma.check.update({ where: { id: checkId }, data: { status: newStatus } });
  return h.prisma.flip.create({ data: { checkId, projectId, oldStatus, newStatus, reason: 'timeout', ts, fannedOutAt: ts } });
}

async function downCheck() {
  const check = await makeCheck(h.prisma, projectId, { status: 'up' });
  const down = await flip(check.id, 'up', 'down', new Date('2026-06-01T11:50:00Z'));
  return { check, down };
}

const acknowledge = (id: string, key = rw) => h.call('POST', `/checks/${id}/acknowledge`, { key });

describe('POST /checks/{uuid}/acknowledge', () => {
  test('acknowledges the down episode: shown on the check (read, list), pending escalations cancelled', async () => {
    const { check, down } = await downCheck();
    const integration = await makeIntegration(h.prisma, projectId, 'webhook', { url: 'https://x.example' });
    await h.prisma.escalation.create({ data: { integrationId: integration.id, checkId: check.id, flipId: down.id, dueAt: new Date('2026-06-01T12:05:00Z') } });
    // The list is read (and cached) before the acknowledgement: it must not stay stale.
    const before = (await h.call('GET', '/checks', { key: rw })).body.data.find((c: { id: string }) => c.id === check.id);
    expect(before.acknowledged).toBeNull();

    const res = await acknowledge(check.id);
    expect(res.status).toBe(200);
    const expected = { by: expect.stringMatching(/^API key upm_rw_/), at: '2026-06-01T12:00:00.000+00:00', via: 'api' };
    expect(res.body.data).toMatchObject({ id: check.id, status: 'down', acknowledged: expected });
    expect((await h.call('GET', `/checks/${check.id}`, { key: ro })).body.data.acknowledged).toEqual(expected);
    const listed = (await h.call('GET', '/checks', { key: ro })).body.data.find((c: { id: string }) => c.id === check.id);
    expect(listed.acknowledged).toEqual(expected);
    expect(await h.prisma.acknowledgement.findUniqueOrThrow({ where: { flipId: down.id } })).toMatchObject({ checkId: check.id, via: 'api' });
    expect((await h.prisma.escalation.findFirstOrThrow({ where: { checkId: check.id } })).cancelledAt).toEqual(NOW);
  });

  test('a second acknowledgement keeps the first', async () => {
    const { check, down } = await downCheck();
    await h.prisma.acknowledgement.create({
      data: { checkId: check.id, flipId: down.id, acknowledgedBy: 'ann@example.com', via: 'web', acknowledgedAt: new Date('2026-06-01T11:55:00Z') },
    });
    const res = await acknowledge(check.id);
    expect(res.status).toBe(200);
    expect(res.body.data.acknowledged).toEqual({ by: 'ann@example.com', at: '2026-06-01T11:55:00.000+00:00', via: 'web' });
    expect(await h.prisma.acknowledgement.count({ where: { checkId: check.id } })).toBe(1);
  });

  test.each(['new', 'up', 'late', 'paused'] as const)('a %s check cannot be acknowledged: 409', async (status) => {
    const check = await makeCheck(h.prisma, projectId, { status });
    const res = await acknowledge(check.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`check is ${status}: only a down check can be acknowledged`);
  });

  test("read-only key: 403; unknown or another project's check: 404", async () => {
    const { check } = await downCheck();
    expect((await acknowledge(check.id, ro)).status).toBe(403);
    expect((await acknowledge('5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10')).status).toBe(404);
    const other = await makeProjectWithKeys(h.prisma, 'pro');
    expect((await acknowledge(check.id, other.rwKey)).status).toBe(404);
    expect(await h.prisma.acknowledgement.count({ where: { checkId: check.id } })).toBe(0);
  });

  test('recovery clears it: the next down episode starts unacknowledged', async () => {
    const { check } = await downCheck();
    expect((await acknowledge(check.id)).status).toBe(200);
    await flip(check.id, 'down', 'up', new Date('2026-06-01T12:01:00Z'));
    const up = await h.call('GET', `/checks/${check.id}`, { key: rw });
    expect(up.body.data).toMatchObject({ status: 'up', acknowledged: null });
    await flip(check.id, 'up', 'down', new Date('2026-06-01T12:02:00Z'));
    expect((await h.call('GET', `/checks/${check.id}`, { key: rw })).body.data).toMatchObject({ status: 'down', acknowledged: null });
    expect((await acknowledge(check.id)).body.data.acknowledged).toMatchObject({ via: 'api' });
    expect(await h.prisma.acknowledgement.count({ where: { checkId: check.id } })).toBe(2);
  });

  test('PATCH of an acknowledged check keeps showing the acknowledgement', async () => {
    const { check } = await downCheck();
    await acknowledge(check.id);
    const res = await h.call('PATCH', `/checks/${check.id}`, { key: rw, body: { name: 'renamed' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'renamed', acknowledged: { via: 'api' } });
  });
});

describe('integrations: escalate_after_min', () => {
  const create = (body: Record<string, unknown>) =>
    h.call('POST', '/integrations', {
      key: rw,
      body: { kind: 'slack', name: 'esc', events: ['down', 'up'], config: { webhook_url: 'https://hooks.slack.com/services/T/B/X' }, ...body },
    });

  test('defaults to 0 (at once); set, kept by other changes, changed, cleared with null', async () => {
    expect((await create({})).body.data.escalate_after_min).toBe(0);
    const created = (await create({ escalate_after_min: 15 })).body.data;
    expect(created.escalate_after_min).toBe(15);
    expect((await h.prisma.integration.findUniqueOrThrow({ where: { id: created.id } })).escalateAfterMin).toBe(15);
    expect((await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body: { name: 'other' } })).body.data.escalate_after_min).toBe(15);
    expect((await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body: { escalate_after_min: 1440 } })).body.data.escalate_after_min).toBe(1440);
    const cleared = await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body: { escalate_after_min: null } });
    expect(cleared.body.data.escalate_after_min).toBe(0);
    expect((await h.prisma.integration.findUniqueOrThrow({ where: { id: created.id } })).escalateAfterMin).toBeNull();
    const listed = (await h.call('GET', '/integrations', { key: ro })).body.data.find((i: { id: number }) => i.id === created.id);
    expect(listed.escalate_after_min).toBe(0);
  });

  test.each([
    ['negative', -1],
    ['over a day', 1441],
    ['not an integer', 1.5],
    ['a string', 'soon'],
  ])('%s → 422 naming the field', async (_name, value) => {
    const res = await create({ escalate_after_min: value });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['escalate_after_min']);
  });
});
