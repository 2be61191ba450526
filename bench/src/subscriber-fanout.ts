// Status page subscribers (issue 40): one incident update fanned out to BENCH_SUBSCRIBERS confirmed
// e-mail subscribers (default 10,000) through the real, built notifier into a local SMTP sink:
// from the update's commit to the last mail accepted by the sink, BENCH_RUNS times (default 5) on
// the same notifier, then once more with the notifier killed (SIGKILL) when half the mails are in
// and started again (its jobs come back after NOTIFIER_STALL_TIMEOUT_MS, 5 s here). Each run
// counts the addresses that got the update twice and those that never got it (a killed notifier
// loses the mails whose delivery it had marked sent but whose final dot it had not written yet:
// docs/status-pages.md, "In doubt"). Goal: all within 2 minutes.
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
    // Opened before anyone subscribed (its notice marked told, as the notifier would have with no
    // subscriber): the runs are its updates.
    const incident = await createIncident(prisma, auth, { title: 'Bench incident', state: 'investigating', message: 'Opened.', components: [] }, new Date());
    await pool.query('UPDATE status_page_notices SET fanned_out_at = now()');
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

    /** Per run (the update's number in the mail's text): how many mails each address got, and when the last came. */
    const received = new Map<number, { byAddress: Map<string, number>; lastAt: number }>();
    let scanned = 0;
    const scan = () => {
      for (; scanned < smtp.mails.length; scanned++) {
        const m = smtp.mails[scanned]!;
        const n = Number(/Update (\d+)\./.exec(m.text)?.[1] ?? 0);
        let run = received.get(n);
        if (!run) received.set(n, (run = { byAddress: new Map(), lastAt: 0 }));
        run.byAddress.set(m.to[0]!, (run.byAddress.get(m.to[0]!) ?? 0) + 1);
        run.lastAt = performance.now();
      }
    };
    const pending = async (n: number) =>
      (
        await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM status_page_subscriber_deliveries d JOIN status_page_notices o ON o.id = d.notice_id
             JOIN status_page_incident_updates u ON u.id = o.update_id WHERE u.message = $1 AND d.status <> 'sent'`,
          [`Update ${n}.`],
        )
      ).rows[0]!.n;

    /**
     * Posts update `n` and waits until every subscriber has its mail, or (a killed notifier may
     * lose the mails in flight) until no delivery is pending and 5 s passed; `midway` runs once half are in.
     */
    const fanOut = async (n: number, midway?: () => Promise<void>) => {
      const started = performance.now();
      await addIncidentUpdate(prisma, auth, incident.id, { state: 'monitoring', message: `Update ${n}.` }, new Date());
      let midwayDone = !midway;
      let settledAt: number | null = null;
      const deadline = Date.now() + 10 * 60_000;
      for (;;) {
        scan();
        const got = received.get(n)?.byAddress.size ?? 0;
        if (!midwayDone && got >= SUBSCRIBERS / 2) {
          midwayDone = true;
          await midway!();
        }
        if (got >= SUBSCRIBERS) break;
        if (got > 0 && settledAt === null && (await pending(n)) === 0) settledAt = Date.now();
        if (settledAt !== null && Date.now() - settledAt > 5000) break;
        if (Date.now() > deadline) throw new Error(`run ${n}: ${got} of ${SUBSCRIBERS} addresses after 10 minutes`);
        await sleep(50);
      }
      // Stragglers (a mail sent twice) would come within the second.
      await sleep(1000);
      scan();
      const run = received.get(n)!;
      const counts = [...run.byAddress.values()];
      return {
        run: n,
        seconds: (run.lastAt - started) / 1000,
        mails: counts.reduce((a, b) => a + b, 0),
        lost: SUBSCRIBERS - counts.length,
        twice: counts.filter((c) => c > 1).length,
      };
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
