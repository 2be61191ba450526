import { OPENAPI_DOCUMENT } from '../src/v1/openapi/document.js';
import { CHANNEL_KINDS, KIND_NAMES } from '@upmon/channels';
import type { JsonSchema } from '@upmon/domain';
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
  locations: [],
  quorum: null,
  tz: 'UTC',
  status: 'new',
  last_ping_at: null,
  last_duration_ms: null,
  next_deadline_at: null,
  ping_urls: ['http://ping.test/5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10'],
  created_at: '2026-01-01T00:00:00.000+00:00',
  acknowledged: null,
  snooze: null,
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
      // A private location's prober (location key): no plan or read-only key to refuse, so no 403.
      const expected = path.startsWith('/prober/') ? ['401', '429', '500'] : ['401', '403', '429', '500'];
      expect([method, path, Object.keys(op.responses)]).toEqual([method, path, expect.arrayContaining(expected)]);
    }
  }
});

test('integration kinds and their configs come from the channel registry', () => {
  const schemas = OPENAPI_DOCUMENT.components.schemas as unknown as Record<string, JsonSchema>;
  const integration = schemas.Integration?.properties as Record<string, JsonSchema>;
  const input = schemas.IntegrationInput?.properties as Record<string, JsonSchema>;
  expect(integration.kind?.enum).toEqual([...KIND_NAMES]);
  expect(input.kind?.enum).toEqual([...KIND_NAMES]);
  // One config schema per kind, titled with it (openapi-bounds.test.ts holds each one's bounds to the validator).
  expect(((input.config?.anyOf ?? []) as JsonSchema[]).map((c) => c.title)).toEqual(CHANNEL_KINDS.map((k) => k.kind));
  expect(matchesOpenApiSchema('IntegrationInput', { kind: 'ntfy', name: 'n', events: ['down'], config: { topic: 'ops' } })).toBe(true);
  expect(matchesOpenApiSchema('IntegrationInput', { kind: 'ntfy', name: 'n', events: ['down'], config: { topic: 'a/b' } })).toBe(false);
});
