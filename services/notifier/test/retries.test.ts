import type { RunningService } from '@upmon/service-kit';
import { eventually, freePort, makeCheck, makeProject } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { createHarness, type Harness } from './support/notifier-harness.js';
import { startRecordingServer, type RecordingServer } from '@upmon/testing';

describe('delivery retries, failures and outbound protection', () => {
  let h: Harness;
  let receiver: RecordingServer;
  let notifier: RunningService | null = null;

  beforeAll(async () => {
    receiver = await startRecordingServer();
    h = await createHarness();
  });
  afterEach(async () => {
    await notifier?.stop();
    notifier = null;
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
  });

  /** A check with one integration of `kind` and a committed, enqueued down flip. */
  async function downFlipTo(kind: 'webhook' | 'slack' | 'pagerduty' | 'opsgenie' | 'matrix', config: Record<string, unknown>) {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const integration = await makeIntegration(h.prisma, project.id, kind, config);
    const flip = await makeFlip(h.prisma, check, 'up', 'down');
    return { check, integration, flip };
  }

  const attempts = (integrationId: number) => h.prisma.notificationDelivery.findMany({ where: { integrationId }, orderBy: { id: 'asc' } });
  const finalAttempts = (integrationId: number, n: number) =>
    eventually(async () => {
      const rows = await attempts(integrationId);
      const last = rows[rows.length - 1];
      return rows.length >= n && last && last.status !== 'failed_retrying' ? rows : null;
    }, 60_000);

  it('retries 5xx with backoff and logs every attempt', async () => {
    const port = await freePort();
    notifier = await h.start({ NOTIFIER_PORT: String(port) });
    receiver.respond((req) => (req.path === '/flaky' && receiver.requests.filter((r) => r.path === '/flaky').length <= 2 ? { status: 503, body: 'busy' } : {}));
    const { integration } = await downFlipTo('webhook', { url: `${receiver.url}/flaky` });
    const rows = await finalAttempts(integration.id, 3);
    expect(rows.map((r) => [r.attempt, r.status, r.statusCode])).toEqual([
      [1, 'failed_retrying', 503],
      [2, 'failed_retrying', 503],
      [3, 'succeeded', 200],
    ]);
    expect(rows[0]?.error).toBe('HTTP 503: busy');
    const times = receiver.requests.filter((r) => r.path === '/flaky').map((r) => r.at);
    // Base 100 ms, doubling, ±10 % jitter: ≥ 90 ms, then ≥ 180 ms.
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(85);
    expect((times[2] as number) - (times[1] as number)).toBeGreaterThanOrEqual(170);
    // The metrics tell the same story: two attempts retried, then sent; three requests timed.
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toContain('upmon_deliveries_total{channel="webhook",outcome="retrying"} 2');
    expect(metrics).toContain('upmon_deliveries_total{channel="webhook",outcome="sent"} 1');
    expect(metrics).toContain('upmon_delivery_retries_total{channel="webhook"} 2');
    expect(metrics).toContain('upmon_delivery_request_seconds_count{channel="webhook"} 3');
    expect(metrics).toContain('upmon_notification_delay_seconds_count{channel="webhook"} 1');
    // Every attempt is timed, also the two that failed and were retried (BullMQ does not stamp them).
    expect(metrics).toContain('upmon_queue_job_duration_seconds_count{queue="deliveries",outcome="failed"} 2');
    expect(metrics).toContain('upmon_queue_job_duration_seconds_count{queue="deliveries",outcome="completed"} 1');
  });

  it('honours Retry-After on 429', async () => {
    notifier = await h.start();
    let first = true;
    receiver.respond((req) => {
      if (req.path !== '/limited' || !first) return {};
      first = false;
      return { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' };
    });
    const { integration } = await downFlipTo('slack', { webhook_url: `${receiver.url}/limited` });
    const rows = await finalAttempts(integration.id, 2);
    expect(rows.map((r) => [r.attempt, r.status, r.statusCode])).toEqual([
      [1, 'failed_retrying', 429],
      [2, 'succeeded', 200],
    ]);
    const times = receiver.requests.filter((r) => r.path === '/limited').map((r) => r.at);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(950);
  });

  it('does not retry a permanent 4xx; the delivery stays in the log and the failed set', async () => {
    notifier = await h.start();
    receiver.respond((req) => (req.path === '/gone' ? { status: 404, body: 'no_service' } : {}));
    const { integration, flip } = await downFlipTo('webhook', { url: `${receiver.url}/gone` });
    const rows = await finalAttempts(integration.id, 1);
    expect(rows.map((r) => [r.attempt, r.status, r.statusCode, r.error])).toEqual([[1, 'failed', 404, 'HTTP 404: no_service']]);
    // Failed for good (a failed job is never attempted again): nothing more can be sent.
    const failed = await h.queues.queue('deliveries').getJob(`delivery-${flip.id}-${integration.id}`);
    await eventually(async () => (await failed?.getState()) === 'failed');
    expect(receiver.requests.filter((r) => r.path === '/gone')).toHaveLength(1);
  });

  it('keeps a provider’s own message in the log of a permanent failure (Opsgenie 422), without retrying', async () => {
    notifier = await h.start({ OPSGENIE_API_URL: `${receiver.url}/og` });
    receiver.respond((req) =>
      req.path.startsWith('/og') ? { status: 422, body: '{"message":"Key format is not valid!","took":0.001,"requestId":"r1"}' } : {},
    );
    const { integration } = await downFlipTo('opsgenie', { api_key: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' });
    const rows = await finalAttempts(integration.id, 1);
    expect(rows.map((r) => [r.attempt, r.status, r.statusCode, r.error])).toEqual([[1, 'failed', 422, 'HTTP 422: Key format is not valid!']]);
    expect(receiver.requests.filter((r) => r.path.startsWith('/og'))).toHaveLength(1);
  });

  it('waits as long as Matrix’s retry_after_ms says before the retry', async () => {
    notifier = await h.start();
    let first = true;
    receiver.respond((req) => {
      if (!req.path.startsWith('/mx') || !first) return {};
      first = false;
      return { status: 429, body: '{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":1200}' };
    });
    const { integration } = await downFlipTo('matrix', { homeserver_url: `${receiver.url}/mx`, room_id: '!r:example.org', access_token: 'syt_t' });
    const rows = await finalAttempts(integration.id, 2);
    expect(rows.map((r) => [r.attempt, r.status, r.statusCode])).toEqual([
      [1, 'failed_retrying', 429],
      [2, 'succeeded', 200],
    ]);
    const times = receiver.requests.filter((r) => r.path.startsWith('/mx')).map((r) => r.at);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(1150);
    // The retry is the same message: the same transaction id, so the homeserver would not post it twice.
    const paths = receiver.requests.filter((r) => r.path.startsWith('/mx')).map((r) => r.path);
    expect(paths[1]).toBe(paths[0]);
  });

  it('keeps a delivery that exhausts its retries as failed', async () => {
    notifier = await h.start({ NOTIFIER_RETRY_BASE_MS: '10' });
    receiver.respond((req) => (req.path === '/down' ? { status: 500 } : {}));
    const { integration, flip } = await downFlipTo('webhook', { url: `${receiver.url}/down` });
    const rows = await finalAttempts(integration.id, 9);
    expect(rows.map((r) => r.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows.slice(0, 8).every((r) => r.status === 'failed_retrying')).toBe(true);
    expect(rows[8]?.status).toBe('failed');
    const job = await h.queues.queue('deliveries').getJob(`delivery-${flip.id}-${integration.id}`);
    expect(await job?.getState()).toBe('failed');
  });

  it('treats timeouts and refused connections as transient', async () => {
    notifier = await h.start({ NOTIFIER_HTTP_TIMEOUT_MS: '300' });
    let hung = false;
    receiver.respond((req) => {
      if (req.path !== '/slow' || hung) return {};
      hung = true;
      return { hang: true };
    });
    const slow = await downFlipTo('webhook', { url: `${receiver.url}/slow` });
    const slowRows = await finalAttempts(slow.integration.id, 2);
    expect(slowRows.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'failed_retrying'],
      [2, 'succeeded'],
    ]);
    expect(slowRows[0]?.error).toMatch(/timed out/);

    const closed = await startRecordingServer();
    const closedUrl = closed.url;
    await closed.close();
    const refused = await downFlipTo('webhook', { url: `${closedUrl}/x` });
    const refusedRows = await eventually(async () => {
      const rows = await attempts(refused.integration.id);
      return rows.length >= 2 ? rows : null;
    });
    expect(refusedRows[0]).toMatchObject({ status: 'failed_retrying', statusCode: null });
    expect(refusedRows[0]?.error).toMatch(/ECONNREFUSED/);
  });

  it('blocks webhook-style URLs to private, loopback and metadata addresses unless allowed', async () => {
    // Provider endpoints (here PagerDuty on loopback) come from the operator's config and are not guarded.
    notifier = await h.start({ OUTBOUND_ALLOW_CIDRS: '', PAGERDUTY_EVENTS_URL: `${receiver.url}/pd` });
    const metadata = await downFlipTo('webhook', { url: 'http://169.254.169.254/latest/meta-data' });
    const privateNet = await downFlipTo('slack', { webhook_url: 'http://10.1.2.3/hook' });
    const loopbackByName = await downFlipTo('webhook', { url: `http://localhost:${receiver.port}/ssrf` });
    const mapped = await downFlipTo('webhook', { url: `http://[::ffff:127.0.0.1]:${receiver.port}/ssrf` });
    const provider = await downFlipTo('pagerduty', { routing_key: 'k' });
    for (const { integration } of [metadata, privateNet, loopbackByName, mapped]) {
      const rows = await finalAttempts(integration.id, 1);
      expect(rows.map((r) => [r.attempt, r.status])).toEqual([[1, 'failed']]);
      expect(rows[0]?.error).toMatch(/blocked/);
    }
    expect(receiver.requests.filter((r) => r.path === '/ssrf')).toHaveLength(0);
    const pdRows = await finalAttempts(provider.integration.id, 1);
    expect(pdRows.map((r) => [r.attempt, r.status])).toEqual([[1, 'succeeded']]);
  });

  it('a receiver that is down for a while gets every notification once it is back', async () => {
    notifier = await h.start({ NOTIFIER_RETRY_BASE_MS: '200' });
    let up = false;
    receiver.respond((req) => (req.path === '/outage' && !up ? { status: 502, body: 'bad gateway' } : {}));
    const project = await makeProject(h.prisma);
    const integration = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/outage` });
    const flips = [];
    for (let i = 0; i < 20; i++) {
      const check = await makeCheck(h.prisma, project.id, { status: 'up' });
      flips.push(await makeFlip(h.prisma, check, 'up', 'down'));
    }
    await receiver.waitFor((reqs) => reqs.filter((r) => r.path === '/outage').length >= 40); // everyone failed at least twice
    up = true;
    await receiver.waitFor(() => receiver.accepted.filter((r) => r.path === '/outage').length >= 20, 60_000);
    await new Promise((r) => setTimeout(r, 300));
    const delivered = receiver.accepted.filter((r) => r.path === '/outage').map((r) => JSON.parse(r.body).check_id as string);
    expect(new Set(delivered).size).toBe(20);
    expect(delivered).toHaveLength(20); // each exactly once
    const log = await h.prisma.notificationDelivery.groupBy({ by: ['status'], where: { integrationId: integration.id }, _count: true });
    expect(Object.fromEntries(log.map((g) => [g.status, g._count])).succeeded).toBe(20);
  });
});
