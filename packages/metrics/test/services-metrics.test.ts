import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import {
  createTestDatabase,
  dropRedisPrefix,
  eventually,
  makeHttpCheck,
  makeIntegration,
  makeCheck,
  makeProject,
  promtool,
  startService,
  testRedisPrefix,
  testRedisUrl,
  TEST_ENCRYPTION_KEY,
  type ServiceProcess,
  type TestDatabase,
} from '@upmon/testing';

// Every service, built and started as a process, does a piece of its real work (a ping, a timeout,
// a probe, a delivery); then its /metrics is scraped and checked by Prometheus' own linter,
// `promtool check metrics` (Debian package `prometheus`; .ci/run installs it when missing).

let db: TestDatabase;
let prisma: PrismaClient;
const prefix = testRedisPrefix();
const services: Record<string, ServiceProcess> = {};
let target: http.Server;
let targetUrl: string;
const webhookBodies: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 2 });
  // The probed endpoint answers 503 (so the check goes down and the webhook is called), and the
  // same server is the webhook receiver.
  target = http.createServer((req, res) => {
    if (req.url === '/hook') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        webhookBodies.push(body);
        res.end('ok');
      });
      return;
    }
    res.writeHead(503).end('down');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const env = { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8', LOG_LEVEL: 'warn' };
  // Four processes starting at once on a busy 2-core machine: allow them time.
  const opts = { readyTimeoutMs: 90_000 };
  const started = await Promise.all([
    startService('api', env, opts),
    startService('scheduler', { ...env, SCHEDULER_IDLE_INTERVAL_MS: '100' }, opts),
    startService('prober', env, opts),
    startService('notifier', env, opts),
  ]);
  for (const s of started) services[s.name] = s;
});

afterAll(async () => {
  for (const s of Object.values(services)) await s.stop();
  await new Promise((r) => target?.close(r));
  await prisma?.$disconnect();
  await db?.drop();
  await dropRedisPrefix(prefix);
});

const scrape = async (name: string): Promise<{ status: number; type: string | null; text: string }> => {
  const res = await fetch(services[name]!.metricsUrl);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The value of one sample line, e.g. sample(text, 'upmon_flips_total{reason="fail"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test('every service exposes metrics of its own work that promtool accepts', async () => {
  const project = await makeProject(prisma);
  // api: one ping; scheduler: a heartbeat check whose deadline passed 2 s ago times out.
  const pinged = await makeCheck(prisma, project.id);
  const overdue = await makeCheck(prisma, project.id, {
    status: 'late',
    lastPingAt: new Date(Date.now() - 120_000),
    nextDeadlineAt: new Date(Date.now() - 2_000),
  });
  // prober: an http check due now whose endpoint answers 503 → down; notifier: a webhook for it.
  const probed = await makeHttpCheck(
    prisma,
    project.id,
    {
      url: `${targetUrl}/health`,
      method: 'GET',
      timeout_sec: 5,
      expected_codes: ['2xx'],
      keyword: null,
      keyword_absent: false,
      follow_redirects: true,
      headers: {},
      basic_auth: null,
      ssl_days_before: 14,
      confirmations: 1,
    },
    { tags: ['web'] },
  );
  // Only the probed check: the timed-out one goes down too, and must not race it.
  await makeIntegration(prisma, project.id, 'webhook', { url: `${targetUrl}/hook` }, { name: 'hook', events: ['down'], tags: ['web'] });
  expect((await fetch(`${services.api!.url}/${pinged.id}`)).status).toBe(200);
  await eventually(async () => (await prisma.flip.count({ where: { checkId: overdue.id } })) > 0, 60_000, 'the timeout flip');
  await eventually(() => webhookBodies.some((b) => b.includes(probed.id)), 60_000, 'the probe and its webhook');

  const expected: Record<string, string[]> = {
    api: ['upmon_pings_received_total{kind="success",outcome="stored"}', 'upmon_ping_commit_seconds_count', 'upmon_flips_total{reason="ping"}'],
    scheduler: [
      'upmon_flips_total{reason="timeout"}',
      'upmon_deadline_lag_seconds_count',
      'upmon_flips_unhanded',
      'upmon_flips_unhanded_oldest_seconds',
      'upmon_queue_jobs{queue="deliveries",state="waiting"}',
      'upmon_queue_jobs{queue="probes",state="failed"}',
    ],
    prober: [
      'upmon_probe_duration_seconds_count{outcome="unexpected_response"}',
      'upmon_flips_total{reason="fail"}',
      'upmon_queue_job_duration_seconds_count{queue="probes",outcome="completed"}',
      'upmon_queue_job_wait_seconds_count{queue="probes"}',
    ],
    notifier: [
      'upmon_deliveries_total{channel="webhook",outcome="sent"}',
      'upmon_delivery_request_seconds_count{channel="webhook"}',
      'upmon_notification_delay_seconds_count{channel="webhook"}',
      'upmon_flips_fanned_out_total',
      'upmon_fan_out_seconds_count',
      'upmon_queue_job_duration_seconds_count{queue="deliveries",outcome="completed"}',
    ],
  };
  for (const name of ['api', 'scheduler', 'prober', 'notifier']) {
    // Job events are counted just after the work the test waited for: give them a moment.
    const present = async () => {
      const { text } = await scrape(name);
      return expected[name]!.every((series) => sample(text, series) !== undefined);
    };
    await eventually(present, 60_000, `${name}'s metrics`).catch(() => undefined); // the asserts below name what is missing
    const { status, type, text } = await scrape(name);
    expect([name, status, type]).toEqual([name, 200, 'text/plain; version=0.0.4; charset=utf-8']);
    expect({ name, ...promtool(['check', 'metrics'], { input: text }) }).toEqual({ name, status: 0, output: '' });
    // Process metrics (prom-client's defaults) and the service's own.
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    for (const series of expected[name]!) expect([name, series, sample(text, series)]).toEqual([name, series, expect.any(Number)]);
  }
  const api = (await scrape('api')).text;
  expect(sample(api, 'upmon_pings_received_total{kind="success",outcome="stored"}')).toBe(1);
  const scheduler = (await scrape('scheduler')).text;
  expect(sample(scheduler, 'upmon_flips_total{reason="timeout"}')).toBe(1);
  expect(sample(scheduler, 'upmon_deadline_lag_seconds_count')).toBe(1);
  expect(sample(scheduler, 'upmon_flips_unhanded')).toBe(0);
  const prober = (await scrape('prober')).text;
  expect(sample(prober, 'upmon_flips_total{reason="fail"}')).toBe(1);
  const notifier = (await scrape('notifier')).text;
  expect(sample(notifier, 'upmon_deliveries_total{channel="webhook",outcome="sent"}')).toBe(1);
});

test('the api serves /metrics on its operators port only, never on the public one', async () => {
  const publicRes = await fetch(`${services.api!.url}/metrics`);
  expect(publicRes.status).toBe(404);
  expect(await publicRes.text()).not.toContain('upmon_');
  expect((await fetch(services.api!.metricsUrl)).status).toBe(200);
});
