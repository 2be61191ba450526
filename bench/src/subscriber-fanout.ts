// Status page subscribers (issue 40): one incident update fanned out to BENCH_SUBSCRIBERS confirmed
// e-mail subscribers (default 10,000) through the real, built notifier into a local SMTP sink:
// from the update's commit to the last mail accepted by the sink, BENCH_RUNS times (default 5) on
// the same notifier, then once more with the notifier killed (SIGKILL) when half the mails are in
// and started again (its jobs come back after NOTIFIER_STALL_TIMEOUT_MS, 5 s here). Each run
// checks that every subscriber got the update exactly once. Goal: all within 2 minutes.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPrismaClient } from '@upmon/db';
import { addIncidentUpdate, createIncident, OPERATOR, type ProjectScope } from '@upmon/domain';
import {
  createMigratedDatabase,
  dropRedisPrefix,
  startService,
  startSmtpCapture,
  testRedisPrefix,
  testRedisUrl,
  TEST_ENCRYPTION_KEY,
  type ServiceProcess,
} from '@upmon/testing';
import { createBenchProject } from './ping-ingest-setup.js';
import { printTable } from './report.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_S = 120;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(): Promise<void> {
  const db = await createMigratedDatabase();
  const prefix = testRedisPrefix();
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const prisma = createPrismaClient(db.url, { poolSize: 2 });
  const smtp = await startSmtpCapture();
  let notifier: ServiceProcess | null = null;
  try {
    const projectId = await createBenchProject(pool);
    const { rows } = await pool.query<{ accountId: string; pageId: string }>(
      `WITH p AS (INSERT INTO status_pages (id, project_id, title, enabled, updated_at) VALUES (gen_random_uuid(), $1, 'Bench status', true, now()) RETURNING id)
       SELECT (SELECT account_id FROM projects WHERE id = $1) AS "accountId", p.id AS "pageId" FROM p`,
      [projectId],
    );
    const { accountId, pageId } = rows[0]!;
    const auth: ProjectScope = { projectId, accountId, plan: 'business', actor: OPERATOR };
    // Opened before anyone subscribed: the runs are its updates.
    const incident = await createIncident(prisma, auth, { title: 'Bench incident', state: 'investigating', message: 'Opened.', components: [] }, new Date());
    await pool.query(
      `INSERT INTO status_page_subscribers (id, status_page_id, email, created_at, confirmed_at, unsubscribe_token)
       SELECT gen_random_uuid(), $1, 'reader' || g || '@bench.test', now(), now(), md5(random()::text) || md5(g::text)
         FROM generate_series(1, $2) g`,
      [pageId, SUBSCRIBERS],
    );
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'Bench status <status@bench.test>',
      APP_BASE_URL: 'https://upmon.bench',
      LOG_LEVEL: 'warn',
      NOTIFIER_STALL_TIMEOUT_MS: '5000',
      NOTIFIER_RETRY_BASE_MS: '500',
    };
    notifier = await startService('notifier', env, { readyTimeoutMs: 120_000 });

    /** Posts an update and waits for every subscriber's mail of it; `midway` runs once half are in. */
    const fanOut = async (n: number, midway?: () => Promise<void>) => {
      const before = smtp.mails.length;
      const started = performance.now();
      await addIncidentUpdate(prisma, auth, incident.id, { state: 'monitoring', message: `Update ${n}.` }, new Date());
      let midwayDone = !midway;
      const deadline = Date.now() + 10 * 60_000;
      for (;;) {
        const got = smtp.mails.length - before;
        if (!midwayDone && got >= SUBSCRIBERS / 2) {
          midwayDone = true;
          await midway!();
        }
        if (got >= SUBSCRIBERS) break;
        if (Date.now() > deadline) throw new Error(`run ${n}: ${got} of ${SUBSCRIBERS} mails after 10 minutes`);
        await sleep(20);
      }
      const seconds = (performance.now() - started) / 1000;
      // Let stragglers (a mail sent twice) arrive before counting.
      await sleep(1000);
      const mails = smtp.mails.slice(before).filter((m) => m.subject.includes('Bench incident'));
      const distinct = new Set(mails.map((m) => m.to[0])).size;
      return { run: n, seconds, mails: mails.length, distinct, duplicates: mails.length - distinct, lost: SUBSCRIBERS - distinct };
    };

    const results = [];
    for (let i = 1; i <= RUNS; i++) results.push(await fanOut(i));
    const killed = await fanOut(RUNS + 1, async () => {
      await notifier!.stop('SIGKILL');
      notifier = await startService('notifier', env, { readyTimeoutMs: 120_000 });
    });
    const secs = results.map((r) => r.seconds).sort((a, b) => a - b);
    printTable(`subscriber fan-out: ${SUBSCRIBERS} e-mail subscribers, one update (goal ≤ ${GOAL_S} s)`, [
      ...results.map((r) => ({ ...r, note: '' })),
      { ...killed, note: 'notifier SIGKILLed at half, restarted' },
    ]);
    console.log(
      `median ${secs[Math.floor(secs.length / 2)]!.toFixed(1)} s [${secs[0]!.toFixed(1)}–${secs[secs.length - 1]!.toFixed(1)}] over ${RUNS} runs; killed run ${killed.seconds.toFixed(1)} s`,
    );
  } finally {
    await notifier?.stop('SIGTERM');
    await smtp.close();
    await prisma.$disconnect();
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
