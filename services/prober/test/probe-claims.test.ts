import { createRedis } from '@upmon/service-kit';
import { dropRedisPrefix, testRedisPrefix, testRedisUrl } from '@upmon/testing';
import type { Redis } from 'ioredis';
import { ProbeClaims } from '../src/probe-claims.js';

let redis: Redis;
const prefix = testRedisPrefix();
const probe = (checkId: string, slotMs = 1_800_000_000_000) => ({ checkId, slotMs, ttlMs: 60_000 });
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

beforeAll(() => {
  redis = createRedis(testRedisUrl(), 'worker');
});
afterAll(async () => {
  await dropRedisPrefix(prefix);
  redis.disconnect();
});

describe('probe claims', () => {
  it('the first job to claim a probe holds it; another job carrying the same probe does not', async () => {
    const claims = new ProbeClaims(redis, prefix, 'local');
    expect(await claims.claim('job-1', [probe(A), probe(B)])).toEqual([true, true]);
    expect(await claims.claim('job-2', [probe(A), probe(A, 1_800_000_060_000)])).toEqual([false, true]);
  });

  it('the same job run again (its prober died mid-job) keeps its claims, so its probes still run', async () => {
    const claims = new ProbeClaims(redis, `${prefix}:rerun`, 'local');
    expect(await claims.claim('job-7', [probe(A)])).toEqual([true]);
    expect(await claims.claim('job-7', [probe(A)])).toEqual([true]);
    expect(await claims.claim('job-8', [probe(A)])).toEqual([false]);
  });

  it('a probe a job carries twice is held once', async () => {
    const claims = new ProbeClaims(redis, `${prefix}:twice`, 'local');
    expect(await claims.claim('job-1', [probe(A), probe(B), probe(A)])).toEqual([true, true, false]);
    expect(await claims.claim('job-1', [probe(A), probe(A)])).toEqual([true, false]);
  });

  it('claims expire after their ttl', async () => {
    const claims = new ProbeClaims(redis, `${prefix}:ttl`, 'local');
    expect(await claims.claim('job-1', [{ checkId: A, slotMs: 1, ttlMs: 50 }])).toEqual([true]);
    await new Promise((r) => setTimeout(r, 120));
    expect(await claims.claim('job-2', [{ checkId: A, slotMs: 1, ttlMs: 50 }])).toEqual([true]);
  });
});
