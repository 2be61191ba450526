import { makeCheck, makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

// A fixed clock: the resume deadline must be counted from "now" exactly.
const NOW = new Date('2026-06-01T12:00:00.000Z');
let h: Harness;
let rw: string;
let projectId: string;

beforeAll(async () => {
  h = await startHarness({}, { now: () => NOW });
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  rw = p.rwKey;
  projectId = p.project.id;
});
afterAll(async () => {
  await h.close();
});

async function flipsOf(checkId: string) {
  return h.prisma.flip.findMany({ where: { checkId }, orderBy: { id: 'asc' } });
}

describe('POST /checks/{uuid}/pause', () => {
  test.each(['new', 'up', 'late', 'down'] as const)('%s → paused with a manual flip, which notifies nobody (written fanned out)', async (status) => {
    const c = await makeCheck(h.prisma, projectId, {
      status,
      lastPingAt: status === 'new' ? null : new Date('2026-06-01T11:59:00Z'),
      nextDeadlineAt: status === 'down' || status === 'new' ? null : new Date('2026-06-01T12:00:30Z'),
    });
    const res = await h.call('POST', `/checks/${c.id}/pause`, { key: rw });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: c.id, status: 'paused', next_deadline_at: null });
    const flips = await flipsOf(c.id);
    expect(flips.map((f) => [f.oldStatus, f.newStatus, f.reason, f.ts.toISOString()])).toEqual([[status, 'paused', 'manual', NOW.toISOString()]]);
    expect(flips[0]?.fannedOutAt).not.toBeNull();
  });

  test('pausing a paused check: 200, nothing new recorded', async () => {
    const c = await makeCheck(h.prisma, projectId, { status: 'paused' });
    const res = await h.call('POST', `/checks/${c.id}/pause`, { key: rw });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('paused');
    expect(await flipsOf(c.id)).toEqual([]);
  });

  test('an empty JSON object body is accepted', async () => {
    const c = await makeCheck(h.prisma, projectId);
    expect((await h.call('POST', `/checks/${c.id}/pause`, { key: rw, body: {} })).status).toBe(200);
  });
});

describe('POST /checks/{uuid}/resume', () => {
  test('paused, pinged before → up, deadline counted from the resume, resumed flip', async () => {
    const c = await makeCheck(h.prisma, projectId, { status: 'paused', periodSec: 600, graceSec: 60, lastPingAt: new Date('2026-05-01T00:00:00Z') });
    const res = await h.call('POST', `/checks/${c.id}/resume`, { key: rw });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'up', next_deadline_at: '2026-06-01T12:10:00.000+00:00' });
    const flips = await flipsOf(c.id);
    expect(flips.map((f) => [f.oldStatus, f.newStatus, f.reason])).toEqual([['paused', 'up', 'resumed']]);
    expect(flips[0]?.fannedOutAt).not.toBeNull();
  });

  test('paused, never pinged → new, no deadline', async () => {
    const c = await makeCheck(h.prisma, projectId, { status: 'paused' });
    const res = await h.call('POST', `/checks/${c.id}/resume`, { key: rw });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'new', next_deadline_at: null });
    expect((await flipsOf(c.id)).map((f) => [f.oldStatus, f.newStatus, f.reason])).toEqual([['paused', 'new', 'resumed']]);
  });

  test.each(['new', 'up', 'late', 'down'] as const)('resume of a %s check → 409, unchanged', async (status) => {
    const c = await makeCheck(h.prisma, projectId, { status, lastPingAt: status === 'new' ? null : new Date('2026-06-01T11:00:00Z') });
    const res = await h.call('POST', `/checks/${c.id}/resume`, { key: rw });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'check is not paused: only a paused check can be resumed' });
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: c.id } })).status).toBe(status);
    expect(await flipsOf(c.id)).toEqual([]);
  });

  test('pause then resume round trip through the API', async () => {
    const c = await makeCheck(h.prisma, projectId, { status: 'down', lastPingAt: new Date('2026-06-01T10:00:00Z') });
    expect((await h.call('POST', `/checks/${c.id}/pause`, { key: rw })).body.data.status).toBe('paused');
    expect((await h.call('POST', `/checks/${c.id}/resume`, { key: rw })).body.data.status).toBe('up');
    const flips = await h.call('GET', `/checks/${c.id}/flips`, { key: rw });
    expect(flips.body.data.map((f: { reason: string; new_status: string }) => [f.new_status, f.reason])).toEqual([
      ['up', 'resumed'],
      ['paused', 'manual'],
    ]);
  });

  test('unknown checks → 404', async () => {
    for (const op of ['pause', 'resume']) {
      expect((await h.call('POST', `/checks/00000000-0000-4000-8000-000000000000/${op}`, { key: rw })).status).toBe(404);
    }
  });
});

describe('with Redis unreachable', () => {
  test('the pause still succeeds: it needs PostgreSQL alone', async () => {
    const c = await makeCheck(h.prisma, projectId, { status: 'up', lastPingAt: new Date('2026-06-01T11:59:00Z') });
    const replica = await h.startReplica();
    replica.redis.disconnect();
    const { callApi } = await import('./support/api-harness.js');
    const res = await callApi(replica.url, 'POST', `/checks/${c.id}/pause`, { key: rw });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('paused');
    expect(await flipsOf(c.id)).toHaveLength(1);
  });
});
