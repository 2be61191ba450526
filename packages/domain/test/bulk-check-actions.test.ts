import { changeChecksTag, listFlips, pauseOrResumeChecks } from '@upmon/domain';
import { makeCheck } from '@upmon/testing';
import { apiError } from './support/api-error.js';
import { domainWorldOfThisFile } from './support/domain-world.js';

// The dashboard's bulk actions against a real database: one transaction per action, the rest of
// the chosen checks left as they are, other projects' checks untouched, every change audited.

const NOW = new Date('2026-06-01T12:00:00.000Z');
const w = domainWorldOfThisFile();

const statusOf = async (id: string) => (await w.prisma.check.findUniqueOrThrow({ where: { id } })).status;
const audited = (action: string) =>
  w.prisma.auditEvent
    .findMany({ where: { projectId: w.scope.projectId, action }, orderBy: { id: 'asc' }, select: { target: true } })
    .then((r) => r.map((e) => e.target));

test('pause several: paused ones stay as they are, another project is untouched; resume only the paused; each change flipped and audited once', async () => {
  const up = await makeCheck(w.prisma, w.scope.projectId, { name: 'bulk up', status: 'up', lastPingAt: NOW });
  const paused = await makeCheck(w.prisma, w.scope.projectId, { name: 'bulk paused', status: 'paused' });
  const other = await w.project();
  const theirs = await makeCheck(w.prisma, other.projectId, { name: 'theirs', status: 'up' });

  expect(await pauseOrResumeChecks(w.deps, w.scope, [up.id, paused.id, theirs.id, up.id], 'pause', NOW)).toEqual({ changed: 1, unchanged: 2 });
  expect([await statusOf(up.id), await statusOf(paused.id), await statusOf(theirs.id)]).toEqual(['paused', 'paused', 'up']);
  expect((await listFlips(w.pool, up.id, 10)).map((f) => `${f.old_status}→${f.new_status} ${f.reason}`)).toEqual(['up→paused manual']);
  expect(await listFlips(w.pool, paused.id, 10)).toEqual([]);

  expect(await pauseOrResumeChecks(w.deps, w.scope, [up.id, paused.id], 'resume', NOW)).toEqual({ changed: 2, unchanged: 0 });
  expect([await statusOf(up.id), await statusOf(paused.id)]).toEqual(['up', 'new']);
  expect(await pauseOrResumeChecks(w.deps, w.scope, [up.id], 'resume', NOW)).toEqual({ changed: 0, unchanged: 1 });
  expect(await audited('check.pause')).toEqual([`check "bulk up" (${up.id})`]);
  expect(await audited('check.resume')).toEqual([`check "bulk up" (${up.id})`, `check "bulk paused" (${paused.id})`]);
});

test('add and remove a tag: only where it changes something, not past 100 tags, not in another project; audited per check', async () => {
  const plain = await makeCheck(w.prisma, w.scope.projectId, { name: 'tag a', tags: ['x'] });
  const has = await makeCheck(w.prisma, w.scope.projectId, { name: 'tag b', tags: ['deploy-7'] });
  const full = await makeCheck(w.prisma, w.scope.projectId, { name: 'tag c', tags: Array.from({ length: 100 }, (_, i) => `t${i}`) });
  const theirs = await makeCheck(w.prisma, (await w.project()).projectId, { name: 'tag theirs' });
  const ids = [plain.id, has.id, full.id, theirs.id];

  expect(await changeChecksTag(w.prisma, w.scope, ids, '  deploy-7 ', 'add')).toEqual({ changed: 1, unchanged: 3 });
  const tags = async (id: string) => (await w.prisma.check.findUniqueOrThrow({ where: { id } })).tags;
  expect(await tags(plain.id)).toEqual(['x', 'deploy-7']);
  expect(await tags(has.id)).toEqual(['deploy-7']);
  expect(await tags(full.id)).toHaveLength(100);
  expect(await tags(theirs.id)).toEqual([]);

  expect(await changeChecksTag(w.prisma, w.scope, ids, 'deploy-7', 'remove')).toEqual({ changed: 2, unchanged: 2 });
  expect([await tags(plain.id), await tags(has.id)]).toEqual([['x'], []]);
  expect(await audited('check.tag_add')).toEqual([`check "tag a" (${plain.id}): tag "deploy-7"`]);
  expect(await audited('check.tag_remove')).toEqual([`check "tag a" (${plain.id}): tag "deploy-7"`, `check "tag b" (${has.id}): tag "deploy-7"`]);
});

test('refused with a plain message naming the field: no check, too many, not ids, an empty, long or control-character tag', async () => {
  const one = await makeCheck(w.prisma, w.scope.projectId, { name: 'refused' });
  const cases: [Promise<unknown>, string][] = [
    [pauseOrResumeChecks(w.deps, w.scope, [], 'pause', NOW), 'Choose at least one check.'],
    [
      pauseOrResumeChecks(
        w.deps,
        w.scope,
        Array.from({ length: 101 }, () => crypto.randomUUID()),
        'pause',
        NOW,
      ),
      'Choose at most 100 checks at once.',
    ],
    [changeChecksTag(w.prisma, w.scope, ["1' OR '1'='1"], 'x', 'add'), 'The checks must be given by their ids.'],
    [changeChecksTag(w.prisma, w.scope, [one.id], ' ', 'add'), 'The tag cannot be empty.'],
    [changeChecksTag(w.prisma, w.scope, [one.id], 'x'.repeat(101), 'add'), 'The tag must be at most 100 characters.'],
    [changeChecksTag(w.prisma, w.scope, [one.id], 'a\u0007b', 'add'), 'The tag must not contain control characters.'],
  ];
  for (const [attempt, message] of cases) {
    const err = await apiError(attempt);
    expect(err.status).toBe(422);
    expect(err.message).toBe(message);
  }
  expect(await statusOf(one.id)).toBe('new');
});
