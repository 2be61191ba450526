import { makeCheck, makeIntegration, makeProjectWithKeys } from '@upmon/testing';
import { heartbeatBody, startHarness, type Harness } from './support/api-harness.js';

// Check dependencies (depends_on, an addition to /api/v1): same project only, not itself, at most
// 20, no cycles (named in the message), kept consistent under concurrent changes and deletions.
let h: Harness;
let rw: string;
let projectId: string;
let otherProjectId: string;

beforeAll(async () => {
  h = await startHarness();
  const p = await makeProjectWithKeys(h.prisma, 'business');
  rw = p.rwKey;
  projectId = p.project.id;
  otherProjectId = (await makeProjectWithKeys(h.prisma, 'business')).project.id;
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.resetRateLimits();
});

async function create(name: string, extra: Record<string, unknown> = {}): Promise<{ id: string; depends_on: string[] }> {
  const res = await h.call('POST', '/checks', { key: rw, body: heartbeatBody({ name, ...extra }) });
  expect(res.status).toBe(201);
  return res.body.data;
}
const patch = (id: string, body: Record<string, unknown>) => h.call('PATCH', `/checks/${id}`, { key: rw, body });
const stored = async (id: string) => (await h.prisma.check.findUniqueOrThrow({ where: { id } })).dependsOn;

describe('depends_on', () => {
  test('is set on create, returned by GET and the list, kept by an unrelated PATCH, replaced and emptied by PATCH', async () => {
    const db = await create('database');
    const queue = await create('queue');
    const app = await create('app', { depends_on: [db.id, queue.id.toUpperCase()] });
    expect(app.depends_on).toEqual([db.id, queue.id]);
    expect(await stored(app.id)).toEqual([db.id, queue.id]);
    expect((await h.call('GET', `/checks/${app.id}`, { key: rw })).body.data.depends_on).toEqual([db.id, queue.id]);
    const listed = (await h.call('GET', '/checks', { key: rw })).body.data.find((c: { id: string }) => c.id === app.id);
    expect(listed.depends_on).toEqual([db.id, queue.id]);
    expect(db.depends_on).toEqual([]);

    expect((await patch(app.id, { name: 'app 2' })).body.data.depends_on).toEqual([db.id, queue.id]);
    expect((await patch(app.id, { depends_on: [queue.id] })).body.data.depends_on).toEqual([queue.id]);
    const emptied = await patch(app.id, { depends_on: [] });
    expect(emptied.status).toBe(200);
    expect(emptied.body.data.depends_on).toEqual([]);
    expect(await stored(app.id)).toEqual([]);
  });

  test.each([
    ['not an array', 'abc', /must be a list/],
    ['not a UUID', ['not-a-uuid'], 'must be check ids (UUIDs)'],
    ['listed twice', ['5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10', '5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10'], /the same entry twice/],
    ['more than 20', Array.from({ length: 21 }, (_, i) => `5b3c9d9e-6f7c-4a53-9a6c-${String(i).padStart(12, '0')}`), /at most 20|less than or equal to 20/],
  ])('422 when %s', async (_what, value, message) => {
    const res = await h.call('POST', '/checks', { key: rw, body: heartbeatBody({ depends_on: value }) });
    expect(res.status).toBe(422);
    const messages: string[] = Object.entries(res.body.errors as Record<string, string[]>)
      .filter(([field]) => field.startsWith('depends_on'))
      .flatMap(([, m]) => m);
    expect(messages.some((m) => (typeof message === 'string' ? m === message : message.test(m)))).toBe(true);
  });

  test('the same id in two cases is one check listed twice', async () => {
    const db = await create('db-case');
    const res = await h.call('POST', '/checks', { key: rw, body: heartbeatBody({ depends_on: [db.id, db.id.toUpperCase()] }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.depends_on).toEqual(['must not list a check twice']);
  });

  test('an unknown id, or a check of another project, is refused the same way (nothing leaks), and nothing is written', async () => {
    const foreign = await makeCheck(h.prisma, otherProjectId);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const before = await h.prisma.check.count({ where: { projectId } });
    for (const id of [foreign.id, unknown]) {
      const res = await h.call('POST', '/checks', { key: rw, body: heartbeatBody({ depends_on: [id] }) });
      expect(res.status).toBe(422);
      expect(res.body.errors.depends_on).toEqual([`${id} is not a check of this project`]);
    }
    expect(await h.prisma.check.count({ where: { projectId } })).toBe(before);
    const mine = await create('mine');
    const res = await patch(mine.id, { depends_on: [foreign.id], name: 'renamed' });
    expect(res.status).toBe(422);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: mine.id } })).name).toBe('mine');
  });

  test('a check cannot depend on itself', async () => {
    const a = await create('self');
    const res = await patch(a.id, { depends_on: [a.id] });
    expect(res.status).toBe(422);
    expect(res.body.errors.depends_on).toEqual(['a check cannot depend on itself']);
  });

  test('direct and indirect cycles are refused, the cycle named in the message', async () => {
    const a = await create('A');
    const b = await create('B', { depends_on: [a.id] });
    const direct = await patch(a.id, { depends_on: [b.id] });
    expect(direct.status).toBe(422);
    expect(direct.body.errors.depends_on).toEqual(['would create a dependency cycle: "A" → "B" → "A"']);

    const c = await create('C', { depends_on: [b.id] });
    const indirect = await patch(a.id, { depends_on: [c.id] });
    expect(indirect.status).toBe(422);
    expect(indirect.body.errors.depends_on).toEqual(['would create a dependency cycle: "A" → "C" → "B" → "A"']);
    expect(await stored(a.id)).toEqual([]);

    // No cycle: a diamond is fine.
    const d = await create('D', { depends_on: [a.id, b.id] });
    expect((await patch(c.id, { depends_on: [b.id, d.id] })).status).toBe(200);
  });

  test('two concurrent updates cannot close a cycle between them', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await create(`race-a-${round}`);
      const b = await create(`race-b-${round}`);
      const [x, y] = await Promise.all([patch(a.id, { depends_on: [b.id] }), patch(b.id, { depends_on: [a.id] })]);
      expect([x.status, y.status].sort()).toEqual([200, 422]);
      const edges = [...(await stored(a.id)), ...(await stored(b.id))];
      expect(edges).toHaveLength(1);
    }
  });

  test('deleting a check removes it from the dependencies of the others', async () => {
    const db = await create('db-deleted');
    const other = await create('other');
    const app = await create('app-of-deleted', { depends_on: [db.id, other.id] });
    const del = await h.call('DELETE', `/checks/${db.id}`, { key: rw });
    expect(del.status).toBe(204);
    expect(await stored(app.id)).toEqual([other.id]);
    expect((await h.call('GET', `/checks/${app.id}`, { key: rw })).body.data.depends_on).toEqual([other.id]);
  });

  test('flips name the dependency a down alert was held for (held_for), else null', async () => {
    const db = await create('held-db');
    const app = await create('held-app', { depends_on: [db.id] });
    const hook = await makeIntegration(h.prisma, projectId, 'webhook', { url: 'http://x' }, { name: 'hook', events: ['down', 'up'] });
    const down = await h.prisma.flip.create({
      data: {
        checkId: app.id,
        projectId,
        ts: new Date('2026-01-01T00:01:00Z'),
        oldStatus: 'up',
        newStatus: 'down',
        reason: 'timeout',
        fannedOutAt: new Date(),
      },
    });
    await h.prisma.flip.create({
      data: { checkId: app.id, projectId, ts: new Date('2026-01-01T00:00:00Z'), oldStatus: 'new', newStatus: 'up', reason: 'ping', fannedOutAt: new Date() },
    });
    await h.prisma.heldNotification.create({
      data: { integrationId: hook.id, checkId: app.id, flipId: down.id, event: 'down', ts: down.ts, releaseAt: null, cause: 'dependency', dependencyId: db.id },
    });
    const flips = (await h.call('GET', `/checks/${app.id}/flips`, { key: rw })).body.data;
    expect(flips.map((f: { held_for: unknown }) => f.held_for)).toEqual([{ uuid: db.id, name: 'held-db' }, null]);
  });
});
