import { createLogger } from '@upmon/logger';
import { probeTestBudgets, PROBE_TESTS_PER_MINUTE, RateLimiter } from '@upmon/domain';
import { makeProjectWithKeys } from '@upmon/testing';
import { heartbeatBody, startHarness, type Harness } from './support/api-harness.js';

// Issue 36, item 3: a PATCH that makes a probe due at once spends the account's "test now" budget;
// beyond it the probe waits for its next slot, so edits are no faster a port scanner than "test now".
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.resetRateLimits());

const FAR = new Date('2030-01-01T00:00:00Z');
const PERIOD_SEC = 60;

async function tcpCheck(key: string): Promise<string> {
  const res = await h.call('POST', '/checks', {
    key,
    body: heartbeatBody({ kind: 'tcp', schedule: { kind: 'period', period_sec: PERIOD_SEC }, tcp_config: { host: 'scan.example', port: 1 } }),
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** PATCHes the port (a new target) and reads when the probe is due: null is "at once". */
async function retarget(key: string, id: string, port: number): Promise<Date | null> {
  await h.prisma.check.update({ where: { id }, data: { nextProbeAt: FAR } });
  expect((await h.call('PATCH', `/checks/${id}`, { key, body: { tcp_config: { host: 'scan.example', port } } })).status).toBe(200);
  return (await h.prisma.check.findUniqueOrThrow({ where: { id } })).nextProbeAt;
}

const expectNextSlot = (due: Date | null) => {
  expect(due).not.toBeNull();
  expect((due as Date).getTime()).toBeGreaterThan(Date.now() - 5_000);
  expect((due as Date).getTime()).toBeLessThanOrEqual(Date.now() + 2 * PERIOD_SEC * 1000);
};

test('edits of the target are probed at once while the account\'s "test now" budget lasts, then at the next slot; other edits spend nothing', async () => {
  const { rwKey } = await makeProjectWithKeys(h.prisma, 'pro');
  const id = await tcpCheck(rwKey);
  for (let i = 0; i < 2 * PROBE_TESTS_PER_MINUTE; i++) {
    expect((await h.call('PATCH', `/checks/${id}`, { key: rwKey, body: { name: `renamed ${i}` } })).status).toBe(200);
  }
  for (let port = 2; port < 2 + PROBE_TESTS_PER_MINUTE; port++) expect(await retarget(rwKey, id, port)).toBeNull();
  expectNextSlot(await retarget(rwKey, id, 100));
  // The budget is the account's: another check of it waits too; another account's does not.
  expectNextSlot(await retarget(rwKey, await tcpCheck(rwKey), 101));
  const other = (await makeProjectWithKeys(h.prisma, 'pro')).rwKey;
  expect(await retarget(other, await tcpCheck(other), 102)).toBeNull();
});

test('"test now" probes and edits share the budget', async () => {
  const { rwKey, project } = await makeProjectWithKeys(h.prisma, 'pro');
  const id = await tcpCheck(rwKey);
  const limiter = new RateLimiter(h.api.redis, createLogger({ service: 'test', level: 'silent' }));
  for (let i = 0; i < PROBE_TESTS_PER_MINUTE; i++) expect((await limiter.hit(probeTestBudgets(h.prefix, project.accountId))).allowed).toBe(true);
  expectNextSlot(await retarget(rwKey, id, 2));
});
