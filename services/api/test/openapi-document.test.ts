import { OPENAPI_DOCUMENT } from '../src/v1/openapi/document.js';
import { CHANNEL_KINDS, KIND_NAMES } from '@upmon/channels';
import { validateIntegrationInput } from '@upmon/domain';
import { assertMatchesOpenApi, matchesOpenApiSchema } from './support/openapi-validator.js';

// The integration tests trust assertMatchesOpenApi; these show it rejects what it must.
const check = {
  id: '5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10',
  kind: 'heartbeat',
  name: 'n',
  slug: null,
  description: null,
  tags: [],
  schedule: { kind: 'period', period_sec: 60, tz: 'UTC' },
  grace_sec: 60,
  min_run_sec: null,
  depends_on: [],
  tz: 'UTC',
  status: 'new',
  last_ping_at: null,
  last_duration_ms: null,
  next_deadline_at: null,
  ping_urls: ['http://ping.test/5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10'],
  created_at: '2026-01-01T00:00:00.000+00:00',
  acknowledged: null,
};
const accept = (method: string, path: string, status: number, body: unknown) =>
  assertMatchesOpenApi(method, path, status, body, body === undefined ? '' : JSON.stringify(body));

test('a correct Check response passes', () => {
  expect(() => accept('GET', `/checks/${check.id}`, 200, { data: check })).not.toThrow();
  expect(() => accept('GET', '/checks', 200, { data: [check] })).not.toThrow();
});

test.each([
  ['a timestamp with Z instead of +00:00', { ...check, created_at: '2026-01-01T00:00:00.000Z' }],
  ['a missing field', (({ ping_urls: _p, ...rest }) => rest)(check)],
  ['an extra field (http_config must never be returned)', { ...check, http_config: { url: 'https://x' } }],
  ['an unknown status', { ...check, status: 'ok' }],
  ['a schedule without tz', { ...check, schedule: { kind: 'period', period_sec: 60 } }],
])('rejects %s', (_name, body) => {
  expect(() => accept('GET', `/checks/${check.id}`, 200, { data: body })).toThrow(/does not match/);
});

test('ping ts must have exactly 6 fraction digits', () => {
  const ping = {
    ts: '2026-01-01T00:00:00.123456+00:00',
    type: 'success',
    exit_status: null,
    source_ip: null,
    method: 'GET',
    body_size: 0,
    duration_ms: null,
    note: null,
    body: null,
    user_agent: null,
  };
  expect(() => accept('GET', `/checks/${check.id}/pings`, 200, { data: [ping] })).not.toThrow();
  expect(() => accept('GET', `/checks/${check.id}/pings`, 200, { data: [{ ...ping, ts: '2026-01-01T00:00:00.123+00:00' }] })).toThrow(/does not match/);
});

test('undocumented statuses and non-empty 204 bodies are rejected', () => {
  expect(() => accept('GET', '/checks', 418, { message: 'x' })).toThrow(/not documented/);
  expect(() => assertMatchesOpenApi('DELETE', `/checks/${check.id}`, 204, undefined, 'x')).toThrow(/empty body/);
  expect(() => accept('POST', '/checks', 422, { message: 'x' })).toThrow(/does not match/);
});

test('every operation documents its errors with the Error schemas', () => {
  for (const [path, item] of Object.entries(OPENAPI_DOCUMENT.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, { responses?: Record<string, unknown> }>)) {
      if (!op.responses) continue;
      if (path === '/ping-domains' || path === '/openapi.json') continue;
      expect([method, path, Object.keys(op.responses)]).toEqual([method, path, expect.arrayContaining(['401', '403', '429', '500'])]);
    }
  }
});

test('integration kinds and their configs come from the channel registry, and agree with the validation', () => {
  const schemas = OPENAPI_DOCUMENT.components.schemas as Record<string, { properties?: Record<string, { enum?: unknown }> }>;
  expect(schemas.Integration?.properties?.kind?.enum).toEqual([...KIND_NAMES]);
  expect(schemas.IntegrationInput?.properties?.kind?.enum).toEqual([...KIND_NAMES]);
  for (const k of CHANNEL_KINDS) expect(schemas[`IntegrationConfig_${k.kind}`]).toBeDefined();
  const body = (kind: string, config: unknown) => ({ kind, name: 'n', events: ['down'], config });
  const apiAccepts = (b: Record<string, unknown>) => {
    try {
      validateIntegrationInput(b);
      return true;
    } catch {
      return false;
    }
  };
  const cases = [
    body('ntfy', { topic: 'ops' }),
    body('ntfy', { topic: 'a/b' }),
    body('ntfy', { topic: 'ops', server_url: 'ftp://x' }),
    body('opsgenie', { api_key: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', region: 'eu' }),
    body('opsgenie', { api_key: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', region: 'apac' }),
    body('pushover', { user_key: 'u'.repeat(30), app_token: 'a'.repeat(30), priority_down: 2 }),
    body('pushover', { user_key: 'u'.repeat(30), app_token: 'a'.repeat(30), priority_down: 5 }),
    body('matrix', { homeserver_url: 'https://m.example.org', room_id: '!a:b', access_token: 't' }),
    body('matrix', { homeserver_url: 'https://m.example.org', room_id: '#a:b', access_token: 't' }),
    body('slack', { webhook_url: 'https://hooks.slack.com/x', extra: 1 }),
  ];
  for (const b of cases) expect([b, matchesOpenApiSchema('IntegrationInput', b)]).toEqual([b, apiAccepts(b)]);
});
