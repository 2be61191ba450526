import {
  checkPresenter,
  cloneCheck,
  createCheck,
  deleteCheck,
  findCheck,
  findCheckRow,
  listCheckIntegrations,
  listCheckNames,
  listFlips,
  pauseOrResumeCheck,
  RateLimiter,
  readDependencyNeighbours,
  readProbeSettings,
  setCheckIntegration,
  updateCheck,
  validateCheckInput,
  type ProjectScope,
} from '@upmon/domain';
import { createLogger } from '@upmon/logger';
import { dropRedisPrefix, makeCheck, makeHttpCheck, makeIntegration, testRedisPrefix, testRedisUrl } from '@upmon/testing';
import { Redis } from 'ioredis';
import { apiError } from './support/api-error.js';
import { openDomainWorld, type DomainWorld } from './support/domain-world.js';
import { expectResponse } from './support/response-validator.js';

// The checks' operations and reads against a real database (and Redis for the deletion budget).

const NOW = new Date('2026-06-01T12:00:00.000Z');
let w: DomainWorld;
let redis: Redis;
let limiter: RateLimiter;
const prefix = testRedisPrefix();
beforeAll(async () => {
  w = await openDomainWorld();
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  limiter = new RateLimiter(redis, createLogger({ service: 'domain-test', level: 'silent' }));
});
afterAll(async () => {
  await dropRedisPrefix(prefix);
  redis.disconnect();
  await w.close();
});

/** What a PATCH also needs: the "test now" budget a probe made due at once spends. */
const updateDeps = () => ({ ...w.deps, config: { ...w.deps.config, redisPrefix: prefix }, rateLimiter: limiter, clock: { now: () => NOW } });

const heartbeat = (name: string, extra: Record<string, unknown> = {}) =>
  validateCheckInput({ name, grace_sec: 300, schedule: { kind: 'period', period_sec: 3600 }, ...extra });

describe('create', () => {
  test('a new check is new, without a deadline, audit-logged, and presents as its schema says', async () => {
    const row = await createCheck(w.deps, w.scope, heartbeat('backup', { tags: ['db'], slug: 'backup' }));
    expect(row).toMatchObject({ name: 'backup', status: 'new', nextDeadlineAt: null, lastPingAt: null, tags: ['db'], slug: 'backup' });
    expectResponse('Check', checkPresenter(['http://ping.test'])(row));
    const audit = await w.prisma.auditEvent.findMany({ where: { accountId: w.scope.accountId, action: 'check.create' } });
    expect(audit.map((a) => a.target)).toContain(`check "backup" (${row.id})`);
  });

  test('a slug taken in the project is a 422 on slug; another project may use it', async () => {
    await createCheck(w.deps, w.scope, heartbeat('one', { slug: 'same' }));
    const err = await apiError(createCheck(w.deps, w.scope, heartbeat('two', { slug: 'same' })));
    expect([err.status, err.options.errors]).toEqual([422, { slug: ['is already used by another check in this project'] }]);
    const other = await w.project();
    await expect(createCheck(w.deps, other, heartbeat('two', { slug: 'same' }))).resolves.toMatchObject({ slug: 'same' });
  });

  test("the account's plan quota counts every project's checks: past it, 403", async () => {
    const free = await w.project({ plan: 'free' });
    const second: ProjectScope = await w.project({ accountId: free.accountId });
    await w.prisma.check.createMany({
      data: Array.from({ length: 20 }, (_, i) => ({
        projectId: i % 2 ? free.projectId : second.projectId,
        name: `c${i}`,
        scheduleKind: 'period' as const,
        periodSec: 60,
        graceSec: 60,
      })),
    });
    const err = await apiError(createCheck(w.deps, free, heartbeat('one too many')));
    expect([err.status, err.message]).toEqual([403, expect.stringContaining('check quota reached: the free plan allows 20 checks per account')]);
  });
});

describe('update, pause and resume, delete', () => {
  test('a PATCH is merged with the stored check and validated whole', async () => {
    const row = await createCheck(w.deps, w.scope, heartbeat('merge'));
    const updated = await updateCheck(updateDeps(), w.scope, row.id, { grace_sec: 700 });
    expect([updated.graceSec, updated.periodSec, updated.name]).toEqual([700, 3600, 'merge']);
    const err = await apiError(updateCheck(updateDeps(), w.scope, row.id, { schedule: { kind: 'period', period_sec: 60 } }));
    expect([err.status, Object.keys(err.options.errors ?? {})]).toEqual([422, ['grace_sec']]);
    expect((await findCheckRow(w.prisma, w.scope.projectId, row.id))?.periodSec).toBe(3600);
  });

  test('pause flips to paused once; resume goes back to new (never pinged); resuming again is a 409', async () => {
    const row = await createCheck(w.deps, w.scope, heartbeat('pause me'));
    expect((await pauseOrResumeCheck(w.deps, w.scope, row.id, 'pause', NOW)).status).toBe('paused');
    await pauseOrResumeCheck(w.deps, w.scope, row.id, 'pause', NOW);
    expect((await pauseOrResumeCheck(w.deps, w.scope, row.id, 'resume', NOW)).status).toBe('new');
    const err = await apiError(pauseOrResumeCheck(w.deps, w.scope, row.id, 'resume', NOW));
    expect(err.status).toBe(409);
    const flips = await listFlips(w.pool, row.id, 10);
    expect(flips.map((f) => `${f.old_status}→${f.new_status} ${f.reason}`)).toEqual(['paused→new resumed', 'new→paused manual']);
  });

  test("another project's check is not found, whatever the operation", async () => {
    const other = await w.project();
    const theirs = await makeCheck(w.prisma, other.projectId);
    expect((await apiError(updateCheck(updateDeps(), w.scope, theirs.id, { name: 'x' }))).status).toBe(404);
    expect((await apiError(pauseOrResumeCheck(w.deps, w.scope, theirs.id, 'pause', NOW))).status).toBe(404);
    expect((await apiError(deleteCheck(w.prisma, limiter, prefix, w.scope, theirs.id))).status).toBe(404);
    expect(await findCheck(w.pool, w.scope.projectId, theirs.id)).toBeNull();
    expect(await findCheckRow(w.prisma, w.scope.projectId, theirs.id)).toBeNull();
  });

  test('delete removes the check from the dependencies of the others, and is audit-logged', async () => {
    const db = await createCheck(w.deps, w.scope, heartbeat('database'));
    const app = await createCheck(w.deps, w.scope, heartbeat('app', { depends_on: [db.id] }));
    await deleteCheck(w.prisma, limiter, prefix, w.scope, db.id);
    expect(await findCheck(w.pool, w.scope.projectId, db.id)).toBeNull();
    expect((await findCheckRow(w.prisma, w.scope.projectId, app.id))?.dependsOn).toEqual([]);
    const audit = await w.prisma.auditEvent.findMany({ where: { accountId: w.scope.accountId, action: 'check.delete' } });
    expect(audit.map((a) => a.target)).toContain(`check "database" (${db.id})`);
  });
});

describe('dependencies', () => {
  test('a cycle is refused by name; the neighbours read lists dependencies in order and dependents by name', async () => {
    const scope = await w.project();
    const a = await createCheck(w.deps, scope, heartbeat('A'));
    const b = await createCheck(w.deps, scope, heartbeat('B', { depends_on: [a.id] }));
    const c = await createCheck(w.deps, scope, heartbeat('C', { depends_on: [b.id, a.id] }));
    const err = await apiError(updateCheck(updateDeps(), scope, a.id, { depends_on: [c.id] }));
    expect(err.options.errors?.depends_on?.[0]).toMatch(/^would create a dependency cycle: "A" → .*"A"$/);
    const ofC = await readDependencyNeighbours(w.prisma, { id: c.id, projectId: scope.projectId, dependsOn: c.dependsOn }, 100);
    expect(ofC.dependencies.map((d) => d.name)).toEqual(['B', 'A']);
    const ofA = await readDependencyNeighbours(w.prisma, { id: a.id, projectId: scope.projectId, dependsOn: [] }, 100);
    expect(ofA).toEqual({ dependencies: [], dependents: [expect.objectContaining({ name: 'B' }), expect.objectContaining({ name: 'C' })] });
    expect((await readDependencyNeighbours(w.prisma, { id: a.id, projectId: scope.projectId, dependsOn: [] }, 1)).dependents).toHaveLength(1);
  });
});

describe('reads', () => {
  test('listCheckNames: by name then id, leaving out the one asked', async () => {
    const scope = await w.project();
    const z = await makeCheck(w.prisma, scope.projectId, { name: 'zeta' });
    const a = await makeCheck(w.prisma, scope.projectId, { name: 'alpha' });
    expect(await listCheckNames(w.prisma, scope.projectId)).toEqual([
      { id: a.id, name: 'alpha' },
      { id: z.id, name: 'zeta' },
    ]);
    expect(await listCheckNames(w.prisma, scope.projectId, a.id)).toEqual([{ id: z.id, name: 'zeta' }]);
  });

  test('readProbeSettings gives an http check its URL and credentials decrypted, and nothing for an unknown check', async () => {
    const check = await makeHttpCheck(w.prisma, w.scope.projectId, {
      url: 'https://user:pw@example.com/health?token=t',
      method: 'GET',
      headers: { 'X-Key': 'k' },
    });
    const settings = await readProbeSettings(w.prisma, w.cipher, check.id);
    expect(settings?.kind).toBe('http');
    expect(settings?.config).toMatchObject({ url: 'https://user:pw@example.com/health?token=t', method: 'GET', headers: { 'X-Key': 'k' } });
    expect(await readProbeSettings(w.prisma, w.cipher, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  test('clone copies the settings under a new id, without the slug', async () => {
    const row = await createCheck(w.deps, w.scope, heartbeat('to copy', { slug: 'to-copy', tags: ['t'] }));
    const copy = await cloneCheck(w.deps, w.scope, row.id);
    expect(copy).toMatchObject({ name: 'Copy of to copy', slug: null, tags: ['t'], graceSec: 300, periodSec: 3600, status: 'new' });
    expect(copy.id).not.toBe(row.id);
  });
});

describe("a check's integrations", () => {
  test('the tags rule until the first switch, then an explicit assignment that keeps the others', async () => {
    const scope = await w.project();
    const check = await createCheck(w.deps, scope, heartbeat('with integrations', { tags: ['db'] }));
    const dbOnly = await makeIntegration(w.prisma, scope.projectId, 'webhook', { url: 'https://h.example.com' }, { name: 'db hook', tags: ['db'] });
    const web = await makeIntegration(w.prisma, scope.projectId, 'webhook', { url: 'https://h.example.com' }, { name: 'web hook', tags: ['web'] });
    const all = await makeIntegration(w.prisma, scope.projectId, 'webhook', { url: 'https://h.example.com' }, { name: 'all hook' });
    const on = async () => (await listCheckIntegrations(w.prisma, scope.projectId, check.id)).filter((i) => i.on).map((i) => i.id);
    expect(await on()).toEqual([all.id, dbOnly.id]);
    await setCheckIntegration(w.prisma, scope, check.id, web.id, true);
    expect((await on()).sort()).toEqual([all.id, dbOnly.id, web.id].sort());
    await setCheckIntegration(w.prisma, scope, check.id, all.id, false);
    expect((await on()).sort()).toEqual([dbOnly.id, web.id].sort());
    const theirs = await makeIntegration(w.prisma, w.scope.projectId, 'webhook', { url: 'https://h.example.com' });
    expect((await apiError(setCheckIntegration(w.prisma, scope, check.id, theirs.id, true))).status).toBe(404);
  });
});
