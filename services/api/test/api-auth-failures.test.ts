import { generateApiKey } from '@upmon/crypto';
import { makeProjectWithKeys } from '@upmon/testing';
import { AUTH_FAILURES_PER_MINUTE } from '@upmon/domain';
import { callApi, startHarness, type ApiServer, type Harness } from './support/api-harness.js';

let h: Harness;
let replica: ApiServer;
let rw: string;
let queries = 0;

beforeAll(async () => {
  // Requests come from 127.0.0.1, a trusted proxy here: X-Forwarded-For names the client.
  h = await startHarness({ TRUSTED_PROXIES: '127.0.0.0/8' });
  replica = await h.startReplica();
  rw = (await makeProjectWithKeys(h.prisma, 'pro')).rwKey;
  const query = h.pool.query.bind(h.pool) as (...args: unknown[]) => unknown;
  (h.pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    queries++;
    return query(...args);
  };
});
afterAll(async () => {
  await h.close();
});

const from = (client: string, key: string, url = h.api.url) => callApi(url, 'GET', '/checks', { key, headers: { 'x-forwarded-for': `${client}, 127.0.0.1` } });

describe('failed authentication per client address', () => {
  it(`allows ${AUTH_FAILURES_PER_MINUTE} failures a minute, then answers 429 before any database work, also for a good key`, async () => {
    const client = '198.51.100.10';
    for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) {
      const res = await from(client, generateApiKey('rw').key);
      expect(res.status).toBe(401);
    }
    const over = await from(client, generateApiKey('rw').key);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(over.body.message).toMatch(/too many failed authentications/);

    const before = queries;
    for (const key of [generateApiKey('rw').key, 'upm_rw_short', rw]) expect((await from(client, key)).status).toBe(429);
    expect(queries).toBe(before);
  });

  it('holds across API replicas (the budget is in Redis)', async () => {
    const client = '198.51.100.11';
    for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) expect((await from(client, generateApiKey('ro').key, i % 2 ? replica.url : h.api.url)).status).toBe(401);
    expect((await from(client, generateApiKey('ro').key, replica.url)).status).toBe(429);
    expect((await from(client, generateApiKey('ro').key, h.api.url)).status).toBe(429);
  });

  it('counts malformed keys, not successful requests, and leaves other addresses alone', async () => {
    const client = '198.51.100.12';
    for (let i = 0; i < 100; i++) expect((await from(client, rw)).status).toBe(200);
    for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) expect((await from(client, 'not-a-key')).status).toBe(401);
    expect((await from(client, 'not-a-key')).status).toBe(429);
    expect((await from('198.51.100.13', rw)).status).toBe(200);
  });

  it('counts an IPv6 /64 as one client; the next /64 is another', async () => {
    for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) expect((await from(`2001:db8:1:2::${(i + 1).toString(16)}`, 'x')).status).toBe(401);
    expect((await from('2001:db8:1:2:ffff::1', 'x')).status).toBe(429);
    expect((await from('2001:db8:1:3::1', rw)).status).toBe(200);
  });
});
