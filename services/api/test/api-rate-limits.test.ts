import { Redis } from 'ioredis';
import { makeApiKey, makeProject, makeProjectWithKeys, testRedisUrl } from '@upmon/testing';
import { generateApiKey, hashApiKey } from '@upmon/crypto';
import { apiKeyBudgets, checkChangeBudgets, REQUESTS_PER_MINUTE_PER_KEY } from '@upmon/domain';
import { callApi, heartbeatBody, startHarness, type ApiServer, type Harness } from './support/api-harness.js';

let h: Harness;
let replica: ApiServer;
let redis: Redis;

beforeAll(async () => {
  h = await startHarness();
  // A second API instance on the same database and Redis prefix: the limits must hold across both.
  replica = await h.startReplica();
  redis = new Redis(testRedisUrl());
});
afterAll(async () => {
  redis.disconnect();
  await h.close();
});

/** Alternates between the two instances. */
const via = (i: number) => (i % 2 === 0 ? h.api.url : replica.url);

function expectRetryAfter(res: { status: number; headers: Headers; body: { message: string } }, min: number, max: number) {
  expect(res.status).toBe(429);
  const ra = res.headers.get('retry-after');
  expect(ra).toMatch(/^\d+$/);
  expect(Number(ra)).toBeGreaterThanOrEqual(min);
  expect(Number(ra)).toBeLessThanOrEqual(max);
  expect(res.body.message).toMatch(new RegExp(`retry in ${ra} s`));
}

describe('600 requests per minute per key', () => {
  test('exactly 600 of 630 concurrent requests over two instances pass; the rest get 429 with Retry-After', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const results = [];
    for (let batch = 0; batch < 630 / 45; batch++) {
      results.push(...(await Promise.all(Array.from({ length: 45 }, (_, i) => callApi(via(i), 'GET', '/checks', { key: p.roKey })))));
    }
    const ok = results.filter((r) => r.status === 200).length;
    const limited = results.filter((r) => r.status === 429);
    expect(ok).toBe(600);
    expect(limited).toHaveLength(30);
    expectRetryAfter(limited[0] as never, 1, 60);
    expect(limited[0]?.body.message).toMatch(/600 requests per minute per API key/);
    // The budget is per key: the project's other key is unaffected.
    expect((await h.call('GET', '/checks', { key: p.rwKey })).status).toBe(200);
  });
  test('the key is judged before its budget: a spent budget still gives 401 to a revoked or unknown key, 403 to a free plan', async () => {
    /** Fills the budget of `key` as 600 requests in the last second would. */
    const spend = async (key: string) => {
      const [budget] = apiKeyBudgets(h.prefix, hashApiKey(key));
      const now = Date.now();
      await redis.zadd(budget!.key, ...Array.from({ length: REQUESTS_PER_MINUTE_PER_KEY }, (_, i) => [now, `test:${i}`]).flat());
      await redis.pexpire(budget!.key, 60_000);
    };
    const p = await makeProject(h.prisma, { plan: 'pro' });
    const key = await makeApiKey(h.prisma, p.id, 'ro');
    await spend(key.key);
    expectRetryAfter((await h.call('GET', '/checks', { key: key.key })) as never, 1, 60);
    await h.prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    expect(await h.call('GET', '/checks', { key: key.key })).toMatchObject({ status: 401, body: { message: 'invalid or revoked API key' } });

    const unknown = generateApiKey('rw').key;
    await spend(unknown);
    expect((await h.call('GET', '/checks', { key: unknown })).status).toBe(401);
    // Made-up keys leave no budgets behind.
    const made = generateApiKey('ro').key;
    expect((await h.call('GET', '/integrations', { key: made })).status).toBe(401);
    expect(await redis.exists(apiKeyBudgets(h.prefix, hashApiKey(made))[0]!.key, apiKeyBudgets(h.prefix, hashApiKey(unknown))[0]!.key)).toBe(0);

    const free = await makeProject(h.prisma, { plan: 'free' });
    const freeKey = await makeApiKey(h.prisma, free.id, 'rw');
    await spend(freeKey.key);
    expect((await h.call('GET', '/checks/00000000-0000-4000-8000-000000000000', { key: freeKey.key })).status).toBe(403);
  });
});

describe('check creation and deletion: 10 per minute and 60 per hour per account, separate budgets', () => {
  test('the 11th creation in a minute is refused, deletions still pass, then the 11th deletion is refused', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await callApi(via(i), 'POST', '/checks', { key: p.rwKey, body: heartbeatBody({ name: `c${i}` }) });
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    const refused = await callApi(via(1), 'POST', '/checks', { key: p.rwKey, body: heartbeatBody() });
    expectRetryAfter(refused, 1, 60);
    expect(refused.body.message).toMatch(/check creation limit/);
    expect(await h.prisma.check.count({ where: { projectId: p.project.id } })).toBe(10);

    // Another project and key of the same account shares the account's budget.
    const sibling = await makeProject(h.prisma, { accountId: (await h.prisma.project.findUniqueOrThrow({ where: { id: p.project.id } })).accountId });
    const siblingKey = await makeApiKey(h.prisma, sibling.id, 'rw');
    expect((await h.call('POST', '/checks', { key: siblingKey.key, body: heartbeatBody() })).status).toBe(429);
    // Another account is not affected.
    const other = await makeProjectWithKeys(h.prisma, 'pro');
    expect((await h.call('POST', '/checks', { key: other.rwKey, body: heartbeatBody() })).status).toBe(201);

    // Deletion has a budget of its own.
    const extra = await h.prisma.check.create({ data: { projectId: p.project.id, name: 'x', scheduleKind: 'period', periodSec: 60, graceSec: 60 } });
    for (let i = 0; i < 10; i++) expect((await callApi(via(i), 'DELETE', `/checks/${ids[i]}`, { key: p.rwKey })).status).toBe(204);
    const refusedDelete = await h.call('DELETE', `/checks/${extra.id}`, { key: p.rwKey });
    expectRetryAfter(refusedDelete, 1, 60);
    expect(refusedDelete.body.message).toMatch(/check deletion limit/);
    expect(await h.prisma.check.count({ where: { id: extra.id } })).toBe(1);
  });

  test('invalid bodies and unknown checks cost nothing', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    for (let i = 0; i < 12; i++) expect((await h.call('POST', '/checks', { key: p.rwKey, body: { name: 'x' } })).status).toBe(422);
    for (let i = 0; i < 12; i++) expect((await h.call('DELETE', '/checks/00000000-0000-4000-8000-000000000000', { key: p.rwKey })).status).toBe(404);
    expect((await h.call('POST', '/checks', { key: p.rwKey, body: heartbeatBody() })).status).toBe(201);
  });

  test('60 per hour: with the hour budget spent, creation is refused for up to an hour', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const accountId = (await h.prisma.project.findUniqueOrThrow({ where: { id: p.project.id } })).accountId;
    const hourKey = checkChangeBudgets(h.prefix, 'create', accountId).find((b) => b.windowMs === 3_600_000)?.key as string;
    // 60 creations between 59 and 2 minutes ago (so the minute budget is empty).
    const [sec] = await redis.time();
    const nowMs = Number(sec) * 1000;
    for (let i = 0; i < 60; i++) await redis.zadd(hourKey, nowMs - 3_540_000 + i * 57_000, `seed-${i}`);
    const res = await h.call('POST', '/checks', { key: p.rwKey, body: heartbeatBody() });
    // The oldest seeded creation leaves the hour 59 minutes ago + 1 h → about 60 s from now.
    expectRetryAfter(res, 30, 61);
    // Deletion is unaffected.
    const c = await h.prisma.check.create({ data: { projectId: p.project.id, name: 'x', scheduleKind: 'period', periodSec: 60, graceSec: 60 } });
    expect((await h.call('DELETE', `/checks/${c.id}`, { key: p.rwKey })).status).toBe(204);
  });
});
