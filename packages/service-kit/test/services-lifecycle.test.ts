import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, dropRedisPrefix, startService, testRedisPrefix, testRedisUrl, type ServiceName, type TestDatabase } from '@upmon/testing';

const root = path.resolve(import.meta.dirname, '../../..');
const services: ServiceName[] = ['api', 'scheduler', 'prober', 'notifier'];

describe('service lifecycle', () => {
  let db: TestDatabase;
  const prefix = testRedisPrefix();
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
    await dropRedisPrefix(prefix);
  });

  it.each(services)('%s reaches ready, answers /healthz, logs one ready line and exits 0 on SIGTERM', async (name) => {
    const svc = await startService(name, { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix });
    const health = await fetch(`${svc.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${svc.url}/readyz`);
    // The API's port is public: ready or not, no details; the workers' health ports name each dependency.
    if (name === 'api') expect(await ready.json()).toEqual({ status: 'ready' });
    else expect(await ready.json()).toMatchObject({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    expect(svc.output().match(/"msg":"[a-z]+ ready"/g)).toHaveLength(1);
    expect(await svc.stop('SIGTERM')).toBe(0);
    expect(svc.output()).toContain('"msg":"stopped"');
  });

  it.each(services)('%s refuses to start without DATABASE_URL and names the variable', (name) => {
    const r = spawnSync(process.execPath, [path.join(root, `services/${name}/dist/main.js`)], {
      env: { PATH: process.env.PATH ?? '', REDIS_URL: testRedisUrl(), ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('DATABASE_URL');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  // One rule (packages/config) for every service that reads PUBLIC_LOCATIONS (docs/locations.md).
  it.each(['api', 'scheduler', 'prober'] as const)('%s refuses a PUBLIC_LOCATIONS entry named like a private location, or malformed, in one line', (name) => {
    for (const [value, message] of [
      ['eu-central,p-office', "PUBLIC_LOCATIONS: p-office starts with 'p-', which only private locations' codes do"],
      ['eu-central,EU West', 'PUBLIC_LOCATIONS: EU West is not a location name'],
    ]) {
      const r = spawnSync(process.execPath, [path.join(root, `services/${name}/dist/main.js`)], {
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: db.url,
          REDIS_URL: testRedisUrl(),
          ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
          PUBLIC_LOCATIONS: value,
        },
        encoding: 'utf8',
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('reports not ready when Redis is unreachable', async () => {
    const svc = await startService('scheduler', { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix });
    await svc.stop();
    const broken = spawnSync(process.execPath, [path.join(root, 'services/api/dist/main.js')], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url, REDIS_URL: 'redis://127.0.0.1:6379', ENCRYPTION_KEY: 'short' },
      encoding: 'utf8',
    });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('ENCRYPTION_KEY');
  });
});
