// `pnpm bench web-dashboard`: server time of a project dashboard page with 1,000 checks, each row
// with its last 24 hours (uptime, hourly strip, a response-time sparkline for probed checks; goal:
// p95 ≤ 60 ms). The built api process serves it; a signed-in client on loopback asks for the page
// one request at a time (nothing queues), so the time from request to the last byte is the
// server's time plus a loopback round trip; the api process's CPU per request is read from /proc
// beside it (less disturbed by other load on a shared machine). The checks were created 40 days
// ago and came up then; one in five had a 30-minute outage in the last day; one in ten is an http
// check with 5-minute response-time rollups over the last day. Views: the default one (worst
// status first, page 1 of 10), a filtered one (two tags and a search, by name) and the last page by
// last ping; each after 10 checks changed (pings arriving) and of an unchanged project, after the
// first view after start (every row rendered). 5 runs × 40 requests of each; the median of the
// runs' p50 and p95 is reported with the spread.
import pg from 'pg';
import { randomToken, sha256Hex } from '@upmon/crypto';
import { createMigratedDatabase, dropRedisPrefix, startService, testRedisPrefix, testRedisUrl } from '@upmon/testing';
import { cpuSeconds } from './cpu-usage.js';
import { percentile, printTable } from './report.js';

const CHECKS = 1000;
const RUNS = 5;
const REQUESTS = 40;
const WARMUP = 10;

export async function seed(url: string): Promise<{ projectId: string; cookie: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [account],
    } = await client.query<{ id: string }>(
      `INSERT INTO accounts (id, name, plan, updated_at) VALUES (gen_random_uuid(), 'bench', 'business', now()) RETURNING id`,
    );
    const {
      rows: [project],
    } = await client.query<{ id: string }>(
      `INSERT INTO projects (id, account_id, name, ping_key) VALUES (gen_random_uuid(), $1, 'bench project', $2) RETURNING id`,
      [account?.id, randomToken(16)],
    );
    const {
      rows: [user],
    } = await client.query<{ id: string }>(
      `INSERT INTO users (id, email, name, updated_at) VALUES (gen_random_uuid(), 'bench@example.com', 'Bench', now()) RETURNING id`,
    );
    await client.query(`INSERT INTO memberships (account_id, user_id, role) VALUES ($1, $2, 'owner')`, [account?.id, user?.id]);
    const token = randomToken(32);
    await client.query(
      `INSERT INTO sessions (id, user_id, token_hash, csrf_token, expires_at) VALUES (gen_random_uuid(), $1, $2, $3, now() + interval '1 day')`,
      [user?.id, sha256Hex(token), randomToken(24)],
    );
    // A realistic mix: every status, schedules of all three kinds, tags, recent pings.
    await client.query(
      `INSERT INTO checks (id, project_id, name, tags, status, schedule_kind, period_sec, cron, oncalendar, tz, grace_sec, last_ping_at, next_deadline_at, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'job ' || i || ' <nightly> & "backup"', ARRAY['team-' || (i % 7), 'env-' || (i % 3)],
              (ARRAY['up','up','up','late','down','new','paused'])[1 + i % 7]::"CheckStatus",
              (ARRAY['period','cron','oncalendar'])[1 + i % 3]::"ScheduleKind",
              CASE WHEN i % 3 = 0 THEN 3600 END, CASE WHEN i % 3 = 1 THEN '*/15 * * * *' END, CASE WHEN i % 3 = 2 THEN 'Mon..Fri *-*-* 02:30:00' END,
              'Europe/Riga', 600, now() - (i || ' seconds')::interval, now() + (i || ' seconds')::interval,
              now() - interval '40 days' - (i || ' seconds')::interval, now()
       FROM generate_series(1, ${CHECKS}) AS i`,
      [project?.id],
    );
    await seedHistory(client, project?.id as string);
    return { projectId: project?.id as string, cookie: `upmon_session=${token}` };
  } finally {
    await client.end();
  }
}

/** The rows' last 24 hours: every check up since its creation, outages in the last day, http checks' response times. */
async function seedHistory(client: pg.Client, projectId: string): Promise<void> {
  await client.query(
    `WITH c AS (SELECT id, project_id, created_at, row_number() OVER (ORDER BY created_at DESC) AS i FROM checks WHERE project_id = $1)
     INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at)
     SELECT id, project_id, created_at, 'new'::"CheckStatus", 'up'::"CheckStatus", 'ping'::"FlipReason", now() FROM c
     UNION ALL
     SELECT id, project_id, now() - ((i % 23) + 1) * interval '1 hour', 'up', 'down', 'timeout', now() FROM c WHERE i % 5 = 0
     UNION ALL
     SELECT id, project_id, now() - ((i % 23) + 1) * interval '1 hour' + interval '30 minutes', 'down', 'up', 'ping', now() FROM c WHERE i % 5 = 0`,
    [projectId],
  );
  await client.query(
    `UPDATE checks SET kind = 'http' WHERE id IN (
       SELECT id FROM (SELECT id, row_number() OVER (ORDER BY created_at DESC) AS i FROM checks WHERE project_id = $1) c WHERE i % 10 = 3)`,
    [projectId],
  );
  await client.query(
    `INSERT INTO probe_rollups (check_id, resolution, bucket, probes, failures, answered, total_ms_sum, max_ms, dns_ms_sum, connect_ms_sum, tls_ms_sum, first_byte_ms_sum, hist)
     SELECT c.id, 5, b, 5, 0, 5, 5 * (100 + (extract(epoch FROM b)::bigint / 300) % 50), 300, 50, 50, 100, 250, '{}'
       FROM checks c
      CROSS JOIN generate_series(date_bin('5 minutes', now() - interval '24 hours', '2000-01-01 00:00:00+00'), now(), interval '5 minutes') AS b
      WHERE c.project_id = $1 AND c.kind = 'http'`,
    [projectId],
  );
}

export async function timeOne(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`dashboard answered ${res.status}`);
  return { ms, bytes: body.byteLength };
}

export async function run(): Promise<void> {
  const db = await createMigratedDatabase();
  const prefix = testRedisPrefix();
  const { projectId, cookie } = await seed(db.url);
  const api = await startService('api', { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const base = `${api.url}/projects/${projectId}`;
    const views = {
      'worst first, page 1': base,
      'two tags + search, by name': `${base}?q=job+1&tag=team-1&tag=env-0&sort=name`,
      'by last ping, page 10': `${base}?sort=last_ping&page=10`,
    };
    const first = await timeOne(base, cookie);
    console.log(`first view after start (a page of rows rendered): ${first.ms.toFixed(1)} ms, ${Math.round(first.bytes / 1024)} KB of HTML`);
    const summary: Record<string, string | number>[] = [];
    for (const [view, url] of Object.entries(views))
      for (const changed of [10, 0]) {
        for (let i = 0; i < WARMUP; i++) await timeOne(url, cookie);
        const rows: Record<string, string | number>[] = [];
        const medians: number[] = [];
        const p95s: number[] = [];
        const cpus: number[] = [];
        for (let r = 1; r <= RUNS; r++) {
          const times: number[] = [];
          let cpuMs = 0;
          for (let i = 0; i < REQUESTS; i++) {
            // Pings arriving: `changed` checks get a new row version before each view.
            if (changed) await client.query(`UPDATE checks SET last_ping_at = now() WHERE id IN (SELECT id FROM checks ORDER BY random() LIMIT ${changed})`);
            const cpu0 = cpuSeconds(api.child.pid);
            times.push((await timeOne(url, cookie)).ms);
            cpuMs += (cpuSeconds(api.child.pid) - cpu0) * 1000;
          }
          const p50 = percentile(times, 50);
          medians.push(p50);
          p95s.push(percentile(times, 95));
          cpus.push(cpuMs / REQUESTS);
          rows.push({ run: r, 'p50 ms': p50, 'p95 ms': percentile(times, 95), 'max ms': Math.max(...times), 'api cpu ms/req': cpuMs / REQUESTS });
        }
        printTable(`web-dashboard: ${CHECKS} checks, ${view}, ${changed} changed before each view`, rows);
        const sorted = [...medians].sort((a, b) => a - b);
        const cpuSorted = [...cpus].sort((a, b) => a - b);
        const p95Sorted = [...p95s].sort((a, b) => a - b);
        summary.push({
          view,
          'changed per view': changed,
          'median p50 ms': percentile(medians, 50),
          'spread ms': `${sorted[0]?.toFixed(1)}–${sorted[sorted.length - 1]?.toFixed(1)}`,
          'median p95 ms': percentile(p95s, 50),
          'p95 spread': `${p95Sorted[0]?.toFixed(1)}–${p95Sorted[p95Sorted.length - 1]?.toFixed(1)}`,
          'median api cpu ms/req': percentile(cpus, 50),
          'cpu spread': `${cpuSorted[0]?.toFixed(1)}–${cpuSorted[cpuSorted.length - 1]?.toFixed(1)}`,
        });
      }
    printTable('web-dashboard summary (goal: p95 ≤ 60 ms of server time)', summary);
  } finally {
    await client.end();
    await api.stop();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
