// A database restored from a backup (docs/operations.md, "Restoring a backup"), black box: the
// built admin CLI, scheduler and notifier (`pnpm build` first) and a webhook receiver. The
// backup's checks were last pinged two days before the restore. After `upmon-admin deadlines
// rearm`, the scheduler starts and pages nobody for the gap, while a check that then misses its
// next run (counted from the restore) goes late and down and is alerted as usual (issue 37).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import {
  createTestDatabase,
  dropRedisPrefix,
  makeIntegration,
  makeProject,
  PATIENCE_MS,
  startRecordingServer,
  startService,
  TEST_ENCRYPTION_KEY,
  testRedisPrefix,
  testRedisUrl,
  type RecordingServer,
  type ServiceProcess,
  type TestDatabase,
} from '@upmon/testing';

const adminCli = path.resolve(import.meta.dirname, '../../../packages/admin-cli/dist/main.js');

let db: TestDatabase;
let prisma: PrismaClient;
let receiver: RecordingServer;
let prefix: string;
const services: ServiceProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 2 });
  receiver = await startRecordingServer();
  prefix = testRedisPrefix();
});

afterAll(async () => {
  const codes = await Promise.all(services.map((s) => s.stop()));
  await prisma.$disconnect();
  await db.drop();
  await receiver.close();
  await dropRedisPrefix(prefix);
  expect(codes.every((c) => c === 0)).toBe(true);
});

const alerts = () => receiver.requests.map((r) => JSON.parse(r.body) as { event: string; check: string });

it('after `deadlines rearm` nothing is alerted for the gap, and a check that then misses its next run is', async () => {
  const project = await makeProject(prisma);
  await makeIntegration(prisma, project.id, 'webhook', { url: `${receiver.url}/hook`, body_template: '{"event":"{{event}}","check":"{{check_name}}"}' });
  const backupTakenAt = Date.now() - 2 * 86_400_000;
  const lastPing = new Date(backupTakenAt);
  // As the backup holds them: up, deadlines counted from pings two days old (long passed).
  const backedUp = (name: string, periodSec: number, graceSec: number, status: 'up' | 'late' = 'up') =>
    prisma.check.create({
      data: {
        projectId: project.id,
        name,
        scheduleKind: 'period',
        periodSec,
        graceSec,
        status,
        lastPingAt: lastPing,
        nextDeadlineAt: new Date(backupTakenAt + (periodSec + (status === 'late' ? graceSec : 0)) * 1000),
      },
    });
  await backedUp('hourly', 3600, 600);
  await backedUp('daily-late', 86_400, 3600, 'late');
  const misses = await backedUp('every-2s', 2, 2);

  const rearm = spawnSync(process.execPath, [adminCli, 'deadlines', 'rearm'], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url },
    encoding: 'utf8',
  });
  expect([rearm.status, rearm.stderr]).toEqual([0, 're-armed 3 of 3 checks with a deadline\n']);
  const summary = JSON.parse(rearm.stdout) as { restored_at: string; checks_with_deadline: number; rearmed: number };
  expect(summary).toEqual({ restored_at: expect.any(String), checks_with_deadline: 3, rearmed: 3 });
  const restoredAt = Date.parse(summary.restored_at);

  const env = { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn', ENCRYPTION_KEY: TEST_ENCRYPTION_KEY };
  services.push(
    ...(await Promise.all([
      startService('scheduler', { ...env, SCHEDULER_IDLE_INTERVAL_MS: '100' }),
      startService('notifier', { ...env, OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' }),
    ])),
  );

  // The check that misses its next run (due 2 s after the restore, down 2 s later) is alerted.
  await receiver.waitFor((reqs) => reqs.some((r) => r.body.includes('"down"')), 10 * PATIENCE_MS);
  // (Its late may be folded into the down when both deadlines passed before the notifier started.)
  expect(alerts()).toContainEqual({ event: 'down', check: 'every-2s' });
  expect(alerts().filter((a) => a.check !== 'every-2s')).toEqual([]);
  // Its flips are stamped with the re-armed deadlines; the other checks, whose deadlines passed
  // long before (and so came first in every scan), have none.
  const flips = await prisma.flip.findMany({ where: { checkId: misses.id }, orderBy: { ts: 'asc' } });
  expect(flips.map((f) => [f.newStatus, f.ts.getTime() - restoredAt])).toEqual([
    ['late', 2000],
    ['down', 4000],
  ]);
  expect(await prisma.flip.count({ where: { checkId: { not: misses.id } } })).toBe(0);
});
