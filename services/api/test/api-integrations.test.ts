import { KIND_NAMES } from '@upmon/channels';
import { AAD, createCipher, sha256Hex } from '@upmon/crypto';
import { makeProjectWithKeys, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

let h: Harness;
let rw: string;
let ro: string;
let projectId: string;
const cipher = createCipher(TEST_ENCRYPTION_KEY);

beforeAll(async () => {
  h = await startHarness();
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  rw = p.rwKey;
  ro = p.roKey;
  projectId = p.project.id;
});
afterAll(async () => {
  await h.close();
});

const VALID_CONFIG: Record<string, Record<string, unknown> | undefined> = {
  telegram: undefined,
  email: { email: 'ops@example.com' },
  webhook: {
    url: 'https://hooks.example.com/upmon',
    secret: 's3cret',
    body_template: '{"text": "{{check_name}} is {{status}}"}',
    content_type: 'application/json',
  },
  slack: { webhook_url: 'https://hooks.slack.com/services/T/B/X' },
  discord: { webhook_url: 'https://discord.com/api/webhooks/1/abc' },
  mattermost: { webhook_url: 'http://mattermost.internal/hooks/xyz' },
  sms: { phone: '+37120000000' },
  pagerduty: { routing_key: 'R0123456789abcdefABCDEF012345678' },
  msteams: { webhook_url: 'https://prod.workflows.example/workflows/1/triggers/manual/paths/invoke?sig=abc' },
  googlechat: { webhook_url: 'https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=t' },
  rocketchat: { webhook_url: 'https://chat.example.com/hooks/65f0/abc' },
  zulip: {
    site_url: 'https://example.zulipchat.com',
    bot_email: 'alerts-bot@example.zulipchat.com',
    api_key: 'abcdef0123456789',
    stream: 'ops',
    topic: 'alerts',
  },
  matrix: { homeserver_url: 'https://matrix.example.org', room_id: '!AbCdEf:example.org', access_token: 'syt_abc_def' },
  opsgenie: { api_key: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', region: 'eu' },
  victorops: { api_key: '1a2b3c4d-5e6f', routing_key: 'db-team' },
  pushover: { user_key: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG', app_token: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi', priority_down: 2, retry_sec: 60, expire_sec: 1800 },
  ntfy: { server_url: 'https://ntfy.example.org', topic: 'upmon-ops', token: 'tk_abc' },
  gotify: { server_url: 'https://gotify.example.org', app_token: 'AqLqE5Bh3Jv' },
};

async function create(body: Record<string, unknown>) {
  return h.call('POST', '/integrations', { key: rw, body });
}

describe('POST /integrations', () => {
  test('every kind the API accepts is tried here', () => {
    expect(Object.keys(VALID_CONFIG).sort()).toEqual([...KIND_NAMES].sort());
  });

  test.each(Object.keys(VALID_CONFIG))('creates a %s integration with its config encrypted and never returned', async (kind) => {
    const config = VALID_CONFIG[kind];
    const res = await create({ kind, name: `${kind} alerts`, events: ['down', 'up'], ...(config ? { config } : {}) });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      kind,
      name: `${kind} alerts`,
      enabled: true,
      events: ['down', 'up'],
      tags: null,
      quiet_hours: null,
      reminders: null,
      flapping: { max_changes: 6, window_minutes: 60 },
      escalate_after_min: 0,
      // E-mail: until the mailed link is opened; Telegram: until a chat is linked.
      verified: kind !== 'email' && kind !== 'telegram',
      created_at: expect.stringMatching(/\+00:00$/),
    });
    expect(JSON.stringify(res.body)).not.toContain('config');
    const row = await h.prisma.integration.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row.projectId).toBe(projectId);
    expect(cipher.decryptJson(row.config, AAD.integrationConfig(row.id))).toEqual(config ?? {});
    // Strings long enough that random ciphertext cannot contain them by chance (a number such as 2 could).
    if (config)
      for (const v of Object.values(config)) if (typeof v === 'string' && v.length >= 4) expect(Buffer.from(row.config).toString('latin1')).not.toContain(v);
    if (kind === 'telegram') {
      expect(res.body.telegram_deep_link).toEqual(expect.any(String));
      // Verified once the bot links a chat.
      await h.prisma.integration.update({ where: { id: res.body.data.id }, data: { telegramChatId: '-100123' } });
      const listed = (await h.call('GET', '/integrations', { key: rw })).body.data.find((i: { id: number }) => i.id === res.body.data.id);
      expect(listed.verified).toBe(true);
    } else expect(res.body).not.toHaveProperty('telegram_deep_link');
  });

  test('telegram: deep link under the link base with a one-time token whose SHA-256 alone is stored', async () => {
    const a = await create({ kind: 'telegram', name: 'tg', events: ['down'] });
    const b = await create({ kind: 'telegram', name: 'tg2', events: ['down'], config: {} });
    const m = /^https:\/\/t\.example\/upmon_test_bot\?start=([A-Za-z0-9_-]{20,64})$/.exec(a.body.telegram_deep_link);
    expect(m).not.toBeNull();
    const token = m?.[1] as string;
    expect(b.body.telegram_deep_link).not.toBe(a.body.telegram_deep_link);
    const row = await h.prisma.integration.findUniqueOrThrow({ where: { id: a.body.data.id } });
    expect(row.telegramLinkTokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  test('stores and returns tags, quiet hours, reminders and enabled', async () => {
    const res = await create({
      kind: 'email',
      name: 'night',
      events: ['late'],
      tags: ['prod', 'db'],
      enabled: false,
      quiet_hours: { from: '22:00', to: '07:30', tz: 'Europe/Riga' },
      reminders: [1, 24, 168],
      config: { email: 'a@b.co' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      events: ['late'],
      tags: ['prod', 'db'],
      enabled: false,
      quiet_hours: { from: '22:00', to: '07:30', tz: 'Europe/Riga' },
      reminders: [1, 24, 168],
    });
    const empty = await create({ kind: 'email', name: 'none', events: [], tags: [], reminders: [], config: { email: 'a@b.co' } });
    expect(empty.body.data).toMatchObject({ events: [], tags: [], reminders: [] });
    // A legacy zone name is stored as its canonical zone.
    const legacy = await create({
      kind: 'email',
      name: 'kyiv',
      events: ['down'],
      quiet_hours: { from: '22:00', to: '07:30', tz: 'Europe/Kiev' },
      config: { email: 'a@b.co' },
    });
    expect(legacy.body.data.quiet_hours).toEqual({ from: '22:00', to: '07:30', tz: 'Europe/Kyiv' });
  });

  const base = { kind: 'email', name: 'x', events: ['down'], config: { email: 'a@b.co' } };
  const invalid: [string, Record<string, unknown>, string][] = [
    ['kind missing', { name: 'x', events: ['down'] }, 'kind'],
    ['kind unknown', { ...base, kind: 'fax' }, 'kind'],
    ['name missing', { kind: 'telegram', events: ['down'] }, 'name'],
    ['name too long', { ...base, name: 'n'.repeat(256) }, 'name'],
    ['events missing', { kind: 'telegram', name: 'x' }, 'events'],
    ['events not an array', { ...base, events: 'down' }, 'events'],
    ['event unknown', { ...base, events: ['down', 'exploded'] }, 'events.1'],
    ['events repeated', { ...base, events: ['down', 'down'] }, 'events.1'],
    ['tags not strings', { ...base, tags: [1] }, 'tags.0'],
    ['enabled not boolean', { ...base, enabled: 'yes' }, 'enabled'],
    ['quiet_hours from 24:00', { ...base, quiet_hours: { from: '24:00', to: '06:00', tz: 'UTC' } }, 'quiet_hours.from'],
    ['quiet_hours to 7:00', { ...base, quiet_hours: { from: '22:00', to: '7:00', tz: 'UTC' } }, 'quiet_hours.to'],
    ['quiet_hours without tz', { ...base, quiet_hours: { from: '22:00', to: '06:00' } }, 'quiet_hours.tz'],
    ['quiet_hours tz unknown', { ...base, quiet_hours: { from: '22:00', to: '06:00', tz: 'Atlantis/City' } }, 'quiet_hours.tz'],
    ['quiet_hours empty window', { ...base, quiet_hours: { from: '06:00', to: '06:00', tz: 'UTC' } }, 'quiet_hours.to'],
    ['quiet_hours extra field', { ...base, quiet_hours: { from: '22:00', to: '06:00', tz: 'UTC', days: [1] } }, 'quiet_hours.days'],
    ['reminder 0', { ...base, reminders: [0] }, 'reminders.0'],
    ['reminder 169', { ...base, reminders: [24, 169] }, 'reminders.1'],
    ['reminder fractional', { ...base, reminders: [1.5] }, 'reminders.0'],
    ['unknown field', { ...base, colour: 'red' }, 'colour'],
    ['verified is read-only', { ...base, verified: true }, 'verified'],
    ['flapping max_changes 0', { ...base, flapping: { max_changes: 0, window_minutes: 60 } }, 'flapping.max_changes'],
    ['flapping max_changes 101', { ...base, flapping: { max_changes: 101, window_minutes: 60 } }, 'flapping.max_changes'],
    ['flapping window over a day', { ...base, flapping: { max_changes: 6, window_minutes: 1441 } }, 'flapping.window_minutes'],
    ['flapping without window', { ...base, flapping: { max_changes: 6 } }, 'flapping.window_minutes'],
    ['flapping extra field', { ...base, flapping: { max_changes: 6, window_minutes: 60, per: 'check' } }, 'flapping.per'],
    ['flapping not an object', { ...base, flapping: 6 }, 'flapping'],
    ['email config missing', { kind: 'email', name: 'x', events: ['down'] }, 'config'],
    ['email invalid', { ...base, config: { email: 'not-an-email' } }, 'config.email'],
    ['email config extra field', { ...base, config: { email: 'a@b.co', cc: 'c@d.co' } }, 'config.cc'],
    ['webhook url missing', { kind: 'webhook', name: 'x', events: ['down'], config: {} }, 'config.url'],
    ['webhook url not http', { kind: 'webhook', name: 'x', events: ['down'], config: { url: 'javascript:alert(1)' } }, 'config.url'],
    [
      'webhook unknown placeholder',
      { kind: 'webhook', name: 'x', events: ['down'], config: { url: 'https://e.com', body_template: '{{check_nme}}' } },
      'config.body_template',
    ],
    [
      'webhook bad content_type',
      { kind: 'webhook', name: 'x', events: ['down'], config: { url: 'https://e.com', content_type: 'json please' } },
      'config.content_type',
    ],
    ['slack webhook_url missing', { kind: 'slack', name: 'x', events: ['down'], config: {} }, 'config.webhook_url'],
    ['discord webhook_url invalid', { kind: 'discord', name: 'x', events: ['down'], config: { webhook_url: 'nope' } }, 'config.webhook_url'],
    ['mattermost with url instead of webhook_url', { kind: 'mattermost', name: 'x', events: ['down'], config: { url: 'https://m.example' } }, 'config.url'],
    ['sms phone not E.164', { kind: 'sms', name: 'x', events: ['down'], config: { phone: '020 1234' } }, 'config.phone'],
    ['pagerduty routing_key short', { kind: 'pagerduty', name: 'x', events: ['down'], config: { routing_key: 'abc' } }, 'config.routing_key'],
    ['telegram with config fields', { kind: 'telegram', name: 'x', events: ['down'], config: { chat_id: '1' } }, 'config.chat_id'],
    ['msteams webhook_url not a URL', { kind: 'msteams', name: 'x', events: ['down'], config: { webhook_url: 'teams' } }, 'config.webhook_url'],
    ['zulip without stream', { kind: 'zulip', name: 'x', events: ['down'], config: { ...VALID_CONFIG.zulip, stream: undefined } }, 'config.stream'],
    ['zulip topic over 60', { kind: 'zulip', name: 'x', events: ['down'], config: { ...VALID_CONFIG.zulip, topic: 't'.repeat(61) } }, 'config.topic'],
    [
      'matrix room alias instead of id',
      { kind: 'matrix', name: 'x', events: ['down'], config: { ...VALID_CONFIG.matrix, room_id: '#ops:example.org' } },
      'config.room_id',
    ],
    [
      'matrix token with a space',
      { kind: 'matrix', name: 'x', events: ['down'], config: { ...VALID_CONFIG.matrix, access_token: 'a b' } },
      'config.access_token',
    ],
    ['opsgenie key not a UUID', { kind: 'opsgenie', name: 'x', events: ['down'], config: { api_key: 'abc' } }, 'config.api_key'],
    ['opsgenie unknown region', { kind: 'opsgenie', name: 'x', events: ['down'], config: { ...VALID_CONFIG.opsgenie, region: 'apac' } }, 'config.region'],
    [
      'victorops routing key with a slash',
      { kind: 'victorops', name: 'x', events: ['down'], config: { api_key: 'k', routing_key: 'a/b' } },
      'config.routing_key',
    ],
    ['pushover user key short', { kind: 'pushover', name: 'x', events: ['down'], config: { ...VALID_CONFIG.pushover, user_key: 'u' } }, 'config.user_key'],
    ['pushover priority 3', { kind: 'pushover', name: 'x', events: ['down'], config: { ...VALID_CONFIG.pushover, priority_down: 3 } }, 'config.priority_down'],
    ['pushover retry under 30 s', { kind: 'pushover', name: 'x', events: ['down'], config: { ...VALID_CONFIG.pushover, retry_sec: 5 } }, 'config.retry_sec'],
    ['ntfy topic with a slash', { kind: 'ntfy', name: 'x', events: ['down'], config: { topic: 'a/b' } }, 'config.topic'],
    ['gotify without token', { kind: 'gotify', name: 'x', events: ['down'], config: { server_url: 'https://g.example.org' } }, 'config.app_token'],
  ];
  test.each(invalid)('422 when %s', async (_name, body, field) => {
    const before = await h.prisma.integration.count();
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(field);
    expect(await h.prisma.integration.count()).toBe(before);
  });

  test('optional settings get their defaults (ntfy server, Opsgenie region, Pushover priority)', async () => {
    const stored = async (kind: string, config: Record<string, unknown>) => {
      const res = await create({ kind, name: kind, events: ['down'], config });
      expect(res.status).toBe(201);
      const row = await h.prisma.integration.findUniqueOrThrow({ where: { id: res.body.data.id } });
      return cipher.decryptJson(row.config, AAD.integrationConfig(row.id));
    };
    expect(await stored('ntfy', { topic: 'ops' })).toEqual({ server_url: 'https://ntfy.sh', topic: 'ops' });
    expect(await stored('opsgenie', { api_key: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' })).toMatchObject({ region: 'us' });
    expect(await stored('pushover', { user_key: 'u'.repeat(30), app_token: 'a'.repeat(30) })).toMatchObject({
      priority_down: 1,
      retry_sec: 300,
      expire_sec: 3600,
    });
  });

  test('a webhook template with an unknown placeholder: the message names it and lists the known ones', async () => {
    const res = await create({ kind: 'webhook', name: 'w', events: ['down'], config: { url: 'https://e.com', body_template: '{"n":"{{check_nme}}"}' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'config.body_template': [
        'uses {{check_nme}}, which is not a placeholder we know; the placeholders are {{event}}, {{check_id}}, {{check_name}}, {{status}}, {{previous_status}}, {{reason}}, {{ts}}, {{tags}}, {{subject}}, {{message}}, {{detail}}',
      ],
    });
  });

  test('a webhook template may use every documented placeholder', async () => {
    const t = ['event', 'check_id', 'check_name', 'status', 'previous_status', 'reason', 'ts', 'tags', 'subject', 'message'].map((p) => `{{${p}}}`).join(' ');
    const res = await create({
      kind: 'webhook',
      name: 'w',
      events: ['down'],
      config: { url: 'https://e.com', body_template: t, content_type: 'text/plain; charset=utf-8' },
    });
    expect(res.status).toBe(201);
  });
});

describe('GET /integrations', () => {
  test("lists the project's integrations in creation order without configs", async () => {
    const p = await makeProjectWithKeys(h.prisma, 'business');
    const ids: number[] = [];
    for (const kind of ['sms', 'slack']) {
      const r = await h.call('POST', '/integrations', { key: p.rwKey, body: { kind, name: kind, events: ['down'], config: VALID_CONFIG[kind] } });
      ids.push(r.body.data.id);
    }
    const res = await h.call('GET', '/integrations', { key: p.roKey });
    expect(res.status).toBe(200);
    expect(res.body.data.map((i: { id: number }) => i.id)).toEqual(ids);
    expect(JSON.stringify(res.body)).not.toMatch(/hooks\.slack|\+3712/);
  });
});

describe('PATCH /integrations/{id}', () => {
  test('is partial, keeps the config unless given, and can clear lists with null', async () => {
    const created = (await create({ kind: 'webhook', name: 'w', events: ['down'], tags: ['a'], reminders: [2], config: VALID_CONFIG.webhook })).body.data;
    const renamed = await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body: { name: 'renamed', enabled: false } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ ...created, name: 'renamed', enabled: false });
    let row = await h.prisma.integration.findUniqueOrThrow({ where: { id: created.id } });
    expect(cipher.decryptJson(row.config, AAD.integrationConfig(row.id))).toEqual(VALID_CONFIG.webhook);
    const cleared = await h.call('PATCH', `/integrations/${created.id}`, {
      key: rw,
      body: { tags: null, reminders: null, quiet_hours: { from: '23:00', to: '06:00', tz: 'UTC' } },
    });
    expect(cleared.body.data).toMatchObject({ tags: null, reminders: null, quiet_hours: { from: '23:00', to: '06:00', tz: 'UTC' } });
    const newConfig = { url: 'https://other.example/hook' };
    expect((await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body: { config: newConfig } })).status).toBe(200);
    row = await h.prisma.integration.findUniqueOrThrow({ where: { id: created.id } });
    expect(cipher.decryptJson(row.config, AAD.integrationConfig(row.id))).toEqual(newConfig);
  });

  test('flapping: set, kept by other changes, turned off with null', async () => {
    const created = (await create({ kind: 'slack', name: 'f', events: ['down'], flapping: { max_changes: 3, window_minutes: 15 }, config: VALID_CONFIG.slack }))
      .body.data;
    expect(created.flapping).toEqual({ max_changes: 3, window_minutes: 15 });
    const renamed = await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body: { name: 'g' } });
    expect(renamed.body.data.flapping).toEqual({ max_changes: 3, window_minutes: 15 });
    const off = await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body: { flapping: null } });
    expect(off.body.data.flapping).toBeNull();
    expect(await h.prisma.integration.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ flapMaxChanges: null });
    const on = await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body: { flapping: { max_changes: 10, window_minutes: 1440 } } });
    expect(on.body.data.flapping).toEqual({ max_changes: 10, window_minutes: 1440 });
  });

  test('a different kind → 422; the same kind is accepted', async () => {
    const created = (await create({ kind: 'email', name: 'e', events: ['down'], config: { email: 'a@b.co' } })).body.data;
    const res = await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body: { kind: 'sms', config: { phone: '+37120000000' } } });
    expect(res.status).toBe(422);
    expect(res.body.errors.kind).toEqual(['cannot be changed; create a new integration instead']);
    expect((await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body: { kind: 'email' } })).status).toBe(200);
    expect((await h.prisma.integration.findUniqueOrThrow({ where: { id: created.id } })).kind).toBe('email');
  });

  test('validates the merged result and the new config against the stored kind', async () => {
    const created = (await create({ kind: 'sms', name: 's', events: ['down'], config: { phone: '+37120000000' } })).body.data;
    for (const [body, field] of [
      [{ config: { email: 'a@b.co' } }, 'config.email'],
      [{ events: ['sideways'] }, 'events.0'],
      [{ name: '' }, 'name'],
      [{ reminders: [200] }, 'reminders.0'],
      [{ id: 5 }, 'id'],
    ] as const) {
      const res = await h.call('PATCH', `/integrations/${created.id}`, { key: rw, body });
      expect([field, res.status]).toEqual([field, 422]);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
  });

  test('unknown id → 404', async () => {
    expect((await h.call('PATCH', '/integrations/2147483647', { key: rw, body: { name: 'x' } })).status).toBe(404);
  });
});

describe('DELETE /integrations/{id}', () => {
  test('deletes; then 404', async () => {
    const created = (await create({ kind: 'email', name: 'e', events: ['down'], config: { email: 'a@b.co' } })).body.data;
    expect((await h.call('DELETE', `/integrations/${created.id}`, { key: rw })).status).toBe(204);
    expect(await h.prisma.integration.count({ where: { id: created.id } })).toBe(0);
    expect((await h.call('DELETE', `/integrations/${created.id}`, { key: rw })).status).toBe(404);
    expect((await h.call('GET', '/integrations', { key: ro })).body.data.map((i: { id: number }) => i.id)).not.toContain(created.id);
  });
});
