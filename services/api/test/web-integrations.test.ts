import { KIND_NAMES } from '@upmon/channels';
import { AAD, createCipher } from '@upmon/crypto';
import { queuedJobs, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { pageText, WebClient } from './support/web-client.js';
import { startWebTeam, type Team, TEST_PASSWORD } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;
const cipher = createCipher(TEST_ENCRYPTION_KEY);

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam());
});
afterAll(() => h.close());

const base = () => `/projects/${team.project.id}/integrations`;
const common = { enabled: '1', events: ['down', 'up'], tags: '', reminders: '', 'quiet_hours.from': '', 'quiet_hours.to': '', 'quiet_hours.tz': 'UTC' };

const CONFIGS: Record<string, Record<string, string>> = {
  telegram: {},
  email: { 'config.email': 'ops@example.com' },
  webhook: {
    'config.url': 'https://hooks.example.com/x',
    'config.secret': 's3cret',
    'config.content_type': 'application/json',
    'config.body_template': '{"t":"{{subject}}"}',
  },
  slack: { 'config.webhook_url': 'https://hooks.slack.com/services/T/B/X' },
  discord: { 'config.webhook_url': 'https://discord.com/api/webhooks/1/a' },
  mattermost: { 'config.webhook_url': 'http://mm.internal/hooks/x' },
  sms: { 'config.phone': '+15551234567' },
  pagerduty: { 'config.routing_key': 'R0123456789abcdefABCDEF012345678' },
  msteams: { 'config.webhook_url': 'https://prod.workflows.example/workflows/1/invoke?sig=abc' },
  googlechat: { 'config.webhook_url': 'https://chat.googleapis.com/v1/spaces/A/messages?key=k&token=t' },
  rocketchat: { 'config.webhook_url': 'https://chat.example.com/hooks/1/abc' },
  zulip: {
    'config.site_url': 'https://example.zulipchat.com',
    'config.bot_email': 'bot@example.zulipchat.com',
    'config.api_key': 'abcdef0123456789',
    'config.stream': 'ops',
    'config.topic': 'alerts',
  },
  matrix: { 'config.homeserver_url': 'https://matrix.example.org', 'config.room_id': '!AbC:example.org', 'config.access_token': 'syt_abc' },
  opsgenie: { 'config.api_key': '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', 'config.region': 'eu' },
  victorops: { 'config.api_key': '1a2b3c4d', 'config.routing_key': 'db-team' },
  pushover: {
    'config.user_key': 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG',
    'config.app_token': 'azGDORePK8gMaC0QOYAMyEEuzJnyUi',
    'config.priority_down': '2',
    'config.retry_sec': '60',
    'config.expire_sec': '1800',
  },
  ntfy: { 'config.server_url': 'https://ntfy.example.org', 'config.topic': 'ops', 'config.token': 'tk_abc' },
  gotify: { 'config.server_url': 'https://gotify.example.org', 'config.app_token': 'AqLqE5Bh3Jv' },
};

/** Numeric settings are posted as text and stored as numbers. */
const NUMERIC = new Set(['priority_down', 'retry_sec', 'expire_sec']);

describe('integrations', () => {
  test('the form of every kind is tried here, and the add page offers every kind', async () => {
    expect(Object.keys(CONFIGS).sort()).toEqual([...KIND_NAMES].sort());
    const page = await as.member!.get(`${base()}/new`);
    for (const kind of KIND_NAMES) expect(page.text).toContain(`${base()}/new?kind=${kind}"`);
  });

  test('a new form shows what to create on the provider’s side and starts with the defaults', async () => {
    const page = await as.member!.get(`${base()}/new?kind=pushover`);
    expect(pageText(page.text)).toContain('Your Applications → Create an Application/API Token');
    expect(page.text).toMatch(/<option value="1" selected[^>]*>High: bypasses quiet hours \(1\)<\/option>/);
    expect(page.text).toMatch(/name="config.retry_sec"[^>]*value="300"|value="300"[^>]*name="config.retry_sec"/);
  });

  test.each(Object.keys(CONFIGS))('a %s integration is created through its own form, config encrypted', async (kind) => {
    const form = `${base()}/new?kind=${kind}`;
    const page = await as.member!.get(form);
    expect(page.status).toBe(200);
    for (const name of Object.keys(CONFIGS[kind]!)) expect(page.text).toContain(`name="${name}"`);
    const res = await as.member!.post(form, { ...common, name: `${kind} alerts`, ...CONFIGS[kind] });
    const row = await h.prisma.integration.findFirstOrThrow({ where: { projectId: team.project.id, name: `${kind} alerts` } });
    expect(row.kind).toBe(kind);
    expect(row.events).toEqual(['down', 'up']);
    const config = Object.fromEntries(
      Object.entries(CONFIGS[kind]!).map(([k, v]) => [k.replace('config.', ''), NUMERIC.has(k.replace('config.', '')) ? Number(v) : v]),
    );
    expect(cipher.decryptJson(row.config, AAD.integrationConfig(row.id))).toEqual(config);
    if (kind === 'telegram') {
      expect(res.status).toBe(201);
      expect(pageText(res.text)).toMatch(/https:\/\/t\.example\/upmon_test_bot\?start=[A-Za-z0-9_-]{32}/);
    } else {
      expect(res.location).toBe(`${base()}/${row.id}?done=created`);
    }
  });

  test('the API’s messages appear next to the fields; what was typed stays', async () => {
    const form = `${base()}/new?kind=sms`;
    await as.member!.get(form);
    const res = await as.member!.post(form, {
      ...common,
      name: '',
      events: ['down'],
      'config.phone': '555-1234',
      reminders: '0, x',
      'quiet_hours.from': '25:00',
      'quiet_hours.to': '07:00',
    });
    expect(res.status).toBe(422);
    const err = (name: string) => new RegExp(`id="f-${name.replace(/\./g, '-')}-error">([^<]*)<`).exec(res.text)?.[1];
    expect(err('config.phone')).toBe('must be an E.164 phone number such as +15551234567');
    expect(err('name')).toBe('cannot be empty');
    expect(err('quiet_hours.from')).toBe('must be a time of day HH:MM (00:00 to 23:59)');
    expect(pageText(res.text)).toContain('Reminder 1 must be at least 1');
    expect(res.text).toContain('value="555-1234"');
  });

  test('a webhook template with an unknown placeholder: the form names it and lists the known ones', async () => {
    const form = `${base()}/new?kind=webhook`;
    await as.member!.get(form);
    const res = await as.member!.post(form, { ...common, name: 'hook', ...CONFIGS.webhook, 'config.body_template': '{{check_nme}}' });
    expect(res.status).toBe(422);
    expect(pageText(res.text)).toContain(
      'uses {{check_nme}}, which is not a placeholder we know; the placeholders are {{event}}, {{check_id}}, {{check_name}}, {{status}}, {{previous_status}}, {{reason}}, {{ts}}, {{tags}}, {{subject}}, {{message}}, {{detail}}',
    );
  });

  test('edit, quiet hours, reminders, tags; delete', async () => {
    const form = `${base()}/new?kind=email`;
    await as.owner!.get(form);
    await as.owner!.post(form, { ...common, name: 'edit me', 'config.email': 'a@example.com' });
    const row = await h.prisma.integration.findFirstOrThrow({ where: { name: 'edit me' } });
    const page = await as.owner!.get(`${base()}/${row.id}`);
    expect(page.text).toContain('value="a@example.com"');
    const saved = await as.owner!.post(`${base()}/${row.id}`, {
      ...common,
      name: 'edited',
      events: ['down', 'late'],
      tags: 'prod db',
      reminders: '1, 24',
      'quiet_hours.from': '22:00',
      'quiet_hours.to': '07:00',
      'quiet_hours.tz': 'Europe/Riga',
      'config.email': 'b@example.com',
    });
    expect(saved.location).toBe(`${base()}/${row.id}?done=saved`);
    const after = await h.prisma.integration.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({
      name: 'edited',
      events: ['down', 'late'],
      tags: ['prod', 'db'],
      reminders: [1, 24],
      quietHours: { from: '22:00', to: '07:00', tz: 'Europe/Riga' },
    });
    expect(cipher.decryptJson(after.config, AAD.integrationConfig(after.id))).toEqual({ email: 'b@example.com' });
    await as.owner!.post(`${base()}/${row.id}/delete`);
    expect(await h.prisma.integration.findUnique({ where: { id: row.id } })).toBeNull();
  });

  test('send a test notification: queued for the notifier; the page reads the outcome from the delivery log', async () => {
    const form = `${base()}/new?kind=webhook`;
    await as.member!.get(form);
    await as.member!.post(form, { ...common, name: 'test me', 'config.url': 'https://hooks.example.com/t' });
    const row = await h.prisma.integration.findFirstOrThrow({ where: { name: 'test me' } });
    await as.member!.get(`${base()}/${row.id}`);
    const res = await as.member!.post(`${base()}/${row.id}/test`);
    expect(res.status).toBe(303);
    const since = /\?test=(\d+)$/.exec(res.location ?? '')?.[1] as string;
    expect(since).toBeDefined();
    const jobs = await queuedJobs(h.api.queues, 'test-notifications');
    expect(jobs.map((j) => j.data.integrationId)).toContain(row.id);
    const page = await as.member!.get(res.location as string);
    expect(page.text).toContain(`data-test-poll="${base()}/${row.id}/test-result.json?since=${since}"`);
    const poll = async () => await (await as.member!.request('GET', `${base()}/${row.id}/test-result.json?since=${since}`)).text;
    expect(JSON.parse(await poll())).toEqual({ outcome: null });
    await h.prisma.notificationDelivery.create({
      data: { integrationId: row.id, event: 'test', attempt: 1, status: 'failed', statusCode: 410, error: 'HTTP 410: gone' },
    });
    expect(JSON.parse(await poll())).toEqual({ ok: false, outcome: '✗ failed (HTTP 410): HTTP 410: gone' });
    expect(pageText((await as.member!.get(`${base()}/${row.id}`)).text)).toContain('HTTP 410: gone');
  });

  test('read-only users see integrations but cannot add, change, delete or test them', async () => {
    const row = await h.prisma.integration.findFirstOrThrow({ where: { projectId: team.project.id, kind: 'slack' } });
    const c = as.read_only!;
    const list = await c.get(base());
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('Add integration');
    const page = await c.get(`${base()}/${row.id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Send a test notification');
    expect((await c.get(`${base()}/new?kind=slack`)).status).toBe(403);
    expect((await c.post(`${base()}/new?kind=slack`, { ...common, name: 'x', 'config.webhook_url': 'https://x.example' })).status).toBe(403);
    expect((await c.post(`${base()}/${row.id}`, { ...common, name: 'renamed' })).status).toBe(403);
    expect((await c.post(`${base()}/${row.id}/test`)).status).toBe(403);
    expect((await c.post(`${base()}/${row.id}/delete`)).status).toBe(403);
    expect((await h.prisma.integration.findUniqueOrThrow({ where: { id: row.id } })).name).toBe('slack alerts');
  });
});
