import type { ProviderSettings } from '@upmon/config';
import { buildNotification, buildTestNotification, type Notification } from '@upmon/core';
import type { IntegrationKind } from '@upmon/db';
import { createMailer } from '@upmon/mailer';
import { startRecordingServer, startSmtpCapture, type RecordedRequest, type RecordingServer, type Reply } from '@upmon/testing';
import { createChannelSenders, type ChannelSenders } from '../../src/registry.js';
import { createHttpClient, type HttpClient } from '../../src/transport/http-client.js';
import type { ChannelOutcome } from '../../src/channel-kind.js';

/** The fixed moments of the sample notifications (UTC). */
export const DOWN_AT = new Date('2026-11-22T07:40:12.000Z');
export const UP_AT = new Date('2026-11-22T08:42:17.000Z');
export const NOW = new Date('2026-11-22T09:40:12.000Z');
export const CHECK_ID = '5f0e6a34-7c1d-4e8b-9a2f-3b4c5d6e7f80';
export const CHECK_LINK = `https://upmon.test/checks/${CHECK_ID}`;
export const ACK_LINK = `https://upmon.test/ack/${'A'.repeat(60)}`;
export const TEST_LINK = 'https://upmon.test/projects/p1/integrations/7';

const check = { id: CHECK_ID, name: 'Nightly "backup" <db>', kind: 'heartbeat' as const, tags: ['prod', 'db'] };
const common = { check, now: NOW, appBaseUrl: 'https://upmon.test' };

/** One notification of every event a channel is sent, built by core exactly as the notifier builds them. */
export const samples = {
  down: buildNotification({
    ...common,
    ackLink: ACK_LINK,
    event: 'down',
    flip: { oldStatus: 'up', newStatus: 'down', reason: 'fail', ts: DOWN_AT },
    previousSince: null,
  }),
  up: buildNotification({ ...common, event: 'up', flip: { oldStatus: 'down', newStatus: 'up', reason: 'ping', ts: UP_AT }, previousSince: DOWN_AT }),
  late: buildNotification({ ...common, event: 'late', flip: { oldStatus: 'up', newStatus: 'late', reason: 'timeout', ts: DOWN_AT }, previousSince: null }),
  reminder: buildNotification({ ...common, ackLink: ACK_LINK, event: 'reminder', downSince: DOWN_AT, reason: 'fail' }),
  /** Quiet hours ended with the check still down: the outage's first alert for whoever slept. */
  digestDown: buildNotification({
    ...common,
    ackLink: ACK_LINK,
    event: 'digest',
    status: 'down',
    since: DOWN_AT,
    held: [{ event: 'down', ts: DOWN_AT }],
  }),
  /** Quiet hours ended with the check up again. */
  digestUp: buildNotification({
    ...common,
    event: 'digest',
    status: 'up',
    since: UP_AT,
    held: [
      { event: 'down', ts: DOWN_AT },
      { event: 'up', ts: UP_AT },
    ],
  }),
  test: buildTestNotification({ integrationName: 'On-call', now: NOW, link: TEST_LINK }),
} satisfies Record<string, Notification>;

/** Provider endpoints of fixed-host providers, all at the fake server under their own prefix. */
export function fakeProviders(baseUrl: string, overrides: Partial<ProviderSettings> = {}): ProviderSettings {
  return {
    pagerdutyEventsUrl: `${baseUrl}/pagerduty/v2/enqueue`,
    telegram: { apiBase: `${baseUrl}/telegram`, botToken: '12345:bot-token-secret' },
    twilio: { apiBase: `${baseUrl}/twilio`, accountSid: 'AC123', authToken: 'twilio-secret', from: '+15550000000' },
    opsgenie: { usApiUrl: `${baseUrl}/opsgenie-us`, euApiUrl: `${baseUrl}/opsgenie-eu` },
    victoropsRestUrl: `${baseUrl}/victorops/integrations/generic/20131114/alert`,
    pushoverApiUrl: `${baseUrl}/pushover/1`,
    ...overrides,
  };
}

/**
 * A provider's documented contract for the fake: the problems of a request (empty: it is what
 * the provider accepts), and the answer it gives when there are none.
 */
export interface FakeProvider {
  problems(req: RecordedRequest): string[];
  accept(req: RecordedRequest): Reply;
  /** How the provider rejects a bad request (status and body as it documents them). */
  reject(req: RecordedRequest, problems: string[]): Reply;
}

export interface ChannelTestKit {
  fake: RecordingServer;
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  senders: ChannelSenders;
  /** Requests whose path starts with `prefix`. */
  requestsTo(prefix: string): RecordedRequest[];
  /** Every problem any fake found, by path (a test ends by expecting none). */
  problems: { path: string; problems: string[] }[];
  /** Fakes by path prefix; unmatched paths get 200 `ok`. */
  serve(prefix: string, provider: FakeProvider): void;
  send(
    kind: IntegrationKind,
    config: Record<string, unknown>,
    notification: Notification,
    integration?: { telegramChatId?: string | null },
  ): Promise<ChannelOutcome>;
  close(): Promise<void>;
}

/**
 * A fake provider server (one local HTTP server; each test serves its provider under a path
 * prefix), a local SMTP server, and the channel senders as the notifier builds them: one HTTP
 * client through the outbound guard (loopback allowed, as OUTBOUND_ALLOW_CIDRS allows in tests),
 * the fixed-host providers pointed at the fake.
 */
export async function openChannelTestKit(opts: { allowCidrs?: string[]; timeoutMs?: number } = {}): Promise<ChannelTestKit> {
  const fake = await startRecordingServer();
  const smtp = await startSmtpCapture();
  const providersByPrefix = new Map<string, FakeProvider>();
  const problems: ChannelTestKit['problems'] = [];
  fake.respond((req) => {
    const prefix = [...providersByPrefix.keys()].find((p) => req.path.startsWith(p));
    const provider = prefix === undefined ? undefined : providersByPrefix.get(prefix);
    if (!provider) return {};
    const found = provider.problems(req);
    if (found.length === 0) return provider.accept(req);
    problems.push({ path: req.path, problems: found });
    return provider.reject(req, found);
  });
  const http: HttpClient = createHttpClient({ allowCidrs: opts.allowCidrs ?? ['127.0.0.0/8'], timeoutMs: opts.timeoutMs ?? 10_000 });
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'upmon <alerts@upmon.test>', timeoutMs: 10_000 });
  const senders = createChannelSenders({ http: http.send, mailer, clock: { now: () => NOW }, providers: fakeProviders(fake.url) });
  let nextId = 1;
  return {
    fake,
    smtp,
    senders,
    problems,
    requestsTo: (prefix) => fake.requests.filter((r) => r.path.startsWith(prefix)),
    serve: (prefix, provider) => providersByPrefix.set(prefix, provider),
    send: (kind, config, notification, integration = {}) =>
      senders[kind].send({
        notification,
        config,
        integration: { id: nextId++, name: `${kind} integration`, telegramChatId: integration.telegramChatId ?? null },
      }),
    async close() {
      http.close();
      mailer.close();
      await fake.close();
      await smtp.close();
    },
  };
}

/** The JSON body of a request (the test fails on a body that is not JSON). */
export function jsonOf(req: RecordedRequest | undefined): any {
  if (!req) throw new Error('no such request');
  return JSON.parse(req.body);
}

/** Problem helpers for fakes: each returns a message when the condition fails. */
export const expectThat = {
  header(req: RecordedRequest, name: string, expected: string | RegExp): string[] {
    const v = req.headers[name.toLowerCase()];
    const value = Array.isArray(v) ? v.join(',') : v;
    const ok = typeof expected === 'string' ? value === expected : value !== undefined && expected.test(value);
    return ok ? [] : [`header ${name} is ${JSON.stringify(value)}, expected ${String(expected)}`];
  },
  method(req: RecordedRequest, method: string): string[] {
    return req.method === method ? [] : [`method ${req.method}, expected ${method}`];
  },
  /** `value` is a string of 1..max characters. */
  string(value: unknown, name: string, max: number, required = true): string[] {
    if (value === undefined && !required) return [];
    if (typeof value !== 'string' || value.length === 0) return [`${name} must be a non-empty string`];
    return value.length > max ? [`${name} is ${value.length} characters, over ${max}`] : [];
  },
  oneOf(value: unknown, name: string, allowed: readonly unknown[]): string[] {
    return allowed.includes(value) ? [] : [`${name} is ${JSON.stringify(value)}, expected one of ${JSON.stringify(allowed)}`];
  },
};

/**
 * A valid config of every kind that talks HTTP, its URLs at `baseUrl` (the fake). Kinds whose
 * endpoint is the operator's (PagerDuty, SMS, Telegram, Opsgenie, Splunk On-Call, Pushover) reach
 * the fake through `fakeProviders`.
 */
export function sampleConfigs(baseUrl: string): Partial<Record<IntegrationKind, Record<string, unknown>>> {
  return {
    webhook: { url: `${baseUrl}/webhook`, secret: 'whsec_sample_secret' },
    slack: { webhook_url: `${baseUrl}/slack/T0001/B0001/sLaCkS3cr3tT0k3nXyZ` },
    msteams: { webhook_url: `${baseUrl}/msteams/workflows/abc?sig=t3amsSig5ecret` },
    discord: { webhook_url: `${baseUrl}/discord/api/webhooks/1/d1sc0rdS3cr3tT0k3nXyZ` },
    mattermost: { webhook_url: `${baseUrl}/mattermost/hooks/m4tt3rm0stS3cr3tXyZ` },
    googlechat: { webhook_url: `${baseUrl}/googlechat/v1/spaces/AAA/messages?key=g00gleK3y&token=g00gleT0ken` },
    rocketchat: { webhook_url: `${baseUrl}/rocketchat/hooks/65f0/r0ck3tS3cr3tT0k3nXyZ` },
    zulip: { site_url: `${baseUrl}/zulip`, bot_email: 'bot@example.org', api_key: 'zUl1pS3cr3tK3y', stream: 'alerts' },
    matrix: { homeserver_url: `${baseUrl}/matrix`, room_id: '!room:example.org', access_token: 'syt_m4tr1xS3cr3t' },
    telegram: {},
    sms: { phone: '+15551234567' },
    pagerduty: { routing_key: 'R0UT1NGKEY0123456789abcdefABCDEF' },
    opsgenie: { api_key: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' },
    victorops: { api_key: 'v1ct0r0psK3y', routing_key: 'team' },
    pushover: { user_key: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG', app_token: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi' },
    ntfy: { server_url: `${baseUrl}/ntfy`, topic: 'alerts', token: 'tk_ntfyS3cr3t' },
    gotify: { server_url: `${baseUrl}/gotify`, app_token: 'g0t1fyS3cr3t' },
  };
}
