// End to end with the real, built services (`pnpm build` first): a team moving from Healthchecks.
// Its export is imported with the admin CLI and its cron jobs keep pinging the same /ping/ URLs;
// a check managed through the Healthchecks-compatible API with `channels` set notifies exactly
// the integrations assigned to it when it goes down.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import {
  createTestDatabase,
  dropRedisPrefix,
  eventually,
  makeProjectWithKeys,
  producerQueues,
  startService,
  testRedisPrefix,
  testRedisUrl,
  type ServiceProcess,
  type TestDatabase,
} from '@upmon/testing';

let db: TestDatabase;
let prisma: PrismaClient;
let prefix: string;
let api: ServiceProcess;
let notifier: ServiceProcess;
let receiver: http.Server;
let receiverUrl: string;
const received: { path: string; body: string }[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 2 });
  prefix = testRedisPrefix();
  const env = { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  [api, notifier] = await Promise.all([startService('api', env), startService('notifier', { ...env, OUTBOUND_ALLOW_CIDRS: '127.0.0.1/32' })]);
});

afterAll(async () => {
  const codes = await Promise.all([api?.stop(), notifier?.stop()]);
  await prisma.$disconnect();
  await db.drop();
  await dropRedisPrefix(prefix);
  await new Promise((r) => receiver.close(r));
  expect(codes).toEqual([0, 0]);
});

it('imported checks keep their ping URLs under /ping/', async () => {
  const { project } = await makeProjectWithKeys(prisma, 'pro');
  const exportFile = path.resolve(import.meta.dirname, '../../../packages/admin-cli/test/fixtures/healthchecks-export.json');
  const first = JSON.parse(readFileSync(exportFile, 'utf8')).checks.slice(0, 2);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hc-e2e-')), 'checks.json');
  writeFileSync(file, JSON.stringify({ checks: first }));
  const cli = path.resolve(import.meta.dirname, '../../../packages/admin-cli/dist/main.js');
  const run = spawnSync(process.execPath, [cli, 'import', 'healthchecks', '--project', project.id, '--file', file], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url },
    encoding: 'utf8',
  });
  expect(JSON.parse(run.stdout).created).toHaveLength(2);

  // The cron lines as they were: Healthchecks' self-hosted ping URLs, uuid and slug forms.
  const [byUuid, bySlug] = first;
  const start = await fetch(`${api.url}/ping/${byUuid.uuid}/start`);
  const done = await fetch(`${api.url}/ping/${byUuid.uuid}`, { method: 'POST', body: 'backup ok' });
  expect([start.status, done.status, await done.text()]).toEqual([200, 200, 'OK']);
  const pingKey = (await prisma.project.findUniqueOrThrow({ where: { id: project.id } })).pingKey;
  expect((await fetch(`${api.url}/ping/${pingKey}/${bySlug.slug}/0`)).status).toBe(200);
  const rows = await prisma.check.findMany({ where: { projectId: project.id }, orderBy: { name: 'asc' } });
  expect(rows.map((r) => [r.id, r.status, r.nPings])).toEqual([
    [bySlug.uuid, 'up', bySlug.n_pings + 1],
    [byUuid.uuid, 'up', byUuid.n_pings + 2],
  ]);
});

it('a check with channels set through /api/v3 notifies exactly its integrations when it goes down', async () => {
  const { rwKey } = await makeProjectWithKeys(prisma, 'pro');
  const v1 = async (body: unknown) => {
    const res = await fetch(`${api.url}/api/v1/integrations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rwKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: { uuid: string } }).data;
  };
  const hook = (name: string) => ({ kind: 'webhook', name, events: ['down', 'up'], config: { url: `${receiverUrl}/${name}` } });
  const a = await v1(hook('a'));
  await v1(hook('b'));
  const c = await v1(hook('c'));

  const created = await fetch(`${api.url}/api/v3/checks/`, {
    method: 'POST',
    headers: { 'x-api-key': rwKey },
    body: JSON.stringify({ name: 'assigned', timeout: 3600, grace: 60, channels: `${a.uuid},${c.uuid}` }),
  });
  expect(created.status).toBe(201);
  const check = (await created.json()) as { uuid: string; channels: string };
  expect(check.channels).toBe([a.uuid, c.uuid].sort().join(','));

  expect((await fetch(`${api.url}/ping/${check.uuid}`)).status).toBe(200);
  expect((await fetch(`${api.url}/ping/${check.uuid}/fail`)).status).toBe(200);
  await eventually(() => received.filter((r) => r.body.includes(check.uuid)).length >= 2, 60_000, 'two notifications');
  // A wrong delivery (to b) would be a job of the fan-out: wait until the flip is fanned out and
  // every delivery job is done before concluding it did not happen.
  await eventually(async () => (await prisma.flip.count({ where: { checkId: check.uuid, fannedOutAt: null } })) === 0, 60_000, 'the fan-out');
  const producer = producerQueues(testRedisUrl(), prefix);
  try {
    await eventually(
      async () => {
        const n = await producer.queues.queue('deliveries').getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return Object.values(n).every((v) => v === 0);
      },
      10_000,
      'the deliveries',
    );
  } finally {
    await producer.close();
  }
  const heard = received.filter((r) => r.body.includes(check.uuid)).map((r) => `${r.path}:${JSON.parse(r.body).event}`);
  expect(heard.sort()).toEqual(['/a:down', '/c:down']);
});
