import { CATALOG, InvalidJobPayloadError, QUEUE_NAMES, validatePayload, type QueueName } from '@upmon/queue';

const UUID = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';

/** Payloads our producers write, which take the fast path (returned as they are). */
const COMMON: [QueueName, Record<string, unknown>][] = [
  ['slo-alerts', { alertId: '12', integrationId: 7, phase: 'fired' }],
  ['slo-alerts', { alertId: '12', integrationId: 7, phase: 'resolved' }],
  ['subscriber-mails', { noticeId: '31', batch: 1 }],
  ['test-notifications', { integrationId: 7, requestId: UUID }],
  ['probe-tests', { requestId: 'AbCdEf0123456789xyz_-', kind: 'tcp', config: 'c2VhbGVkIGNvbmZpZw==' }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'down', flipId: '42' }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'reminder', reminderId: '9', recovered: true }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'digest', heldIds: ['1', '2', '3'] }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'digest', heldIds: [] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' }] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z', target: 'eyJraW5kIjoidGNwIn0=' }] }],
  ['probe-results', { checkId: UUID, location: 'eu-central', scheduledAt: '2026-11-23T10:00:00.000Z', result: 'eyJvayI6dHJ1ZX0=' }],
  [
    'probes',
    {
      probes: [
        { checkId: UUID, scheduledAt: '2026-11-23T10:00:00.123Z' },
        { checkId: UUID.toUpperCase(), scheduledAt: '1970-01-01T00:00:00.000Z', extra: 1 },
      ],
    },
  ],
  ['probes', { probes: Array.from({ length: 1000 }, () => ({ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' })) }],
  // The single-probe form from before batching, as those producers wrote it.
  ['probes', { checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' }],
  ['test-notifications', { integrationId: 7, requestId: 'AbC-123_xyz' }],
  ['test-notifications', { integrationId: 7, requestId: 'x'.repeat(64) }],
];

/** Anything else: the outcome must be the schema's own, whichever path decided it. */
const EDGE: [QueueName, unknown][] = [
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'down', flipId: '' }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'down', flipId: '4x' }],
  ['deliveries', { integrationId: 7, checkId: `{${UUID}}`, event: 'down', flipId: '42' }],
  ['deliveries', { integrationId: 7, checkId: UUID.replace(/-/g, ''), event: 'down', flipId: '42' }],
  ['deliveries', { integrationId: 7, checkId: 'not-a-uuid', event: 'down', flipId: '42' }],
  ['deliveries', { integrationId: 7, event: 'down', flipId: '42' }],
  ['deliveries', null],
  ['deliveries', 'delivery-42'],
  ['deliveries', [{ integrationId: 7, checkId: UUID, event: 'down', flipId: '42' }]],
  ['deliveries', { integrationId: '7', checkId: UUID, event: 'down', flipId: '42' }],
  ['deliveries', { integrationId: 0, checkId: UUID, event: 'down' }],
  ['deliveries', { integrationId: -1, checkId: UUID, event: 'down' }],
  ['deliveries', { integrationId: 1.5, checkId: UUID, event: 'down' }],
  ['deliveries', { integrationId: 2 ** 53, checkId: UUID, event: 'down' }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'sideways' }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'down', flipId: 42 }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'digest', heldIds: ['1', 2] }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'digest', heldIds: ['1', , '3'] }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'digest', heldIds: '1' }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'reminder', reminderId: '9', recovered: 'true' }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'reminder', reminderId: '9', recovered: 1 }],
  ['probes', { checkId: UUID, scheduledAt: '2026-11-23T10:00:00Z' }],
  ['probes', { checkId: UUID, scheduledAt: 'tomorrow' }],
  ['probes', { checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' }],
  ['probes', { probes: [] }],
  ['probes', { probes: Array.from({ length: 1001 }, () => ({ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' })) }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-11-23T10:00:00Z' }] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000+00:00' }] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-02-30T10:00:00.000Z' }] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-13-01T10:00:00.000Z' }] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-11-23T24:00:00.000Z' }] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '+012026-11-23T10:00:00.000Z' }] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: 1763892000000 }] }],
  ['probes', { probes: [{ checkId: UUID }] }],
  ['probes', { probes: [{ checkId: 'not-a-uuid', scheduledAt: '2026-11-23T10:00:00.000Z' }] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' }, , { checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' }] }],
  ['probes', { probes: [[UUID, '2026-11-23T10:00:00.000Z']] }],
  ['probes', { probes: [null] }],
  ['probes', { probes: { checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' } }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' }], checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' }], scheduledAt: '2026-11-23T10:00:00.000Z' }],
  ['probes', {}],
  ['probes', { checkId: UUID }],
  ['probes', { scheduledAt: '2026-11-23T10:00:00.000Z' }],
  ['probe-tests', { requestId: 'short', kind: 'tcp', config: 'eA==' }],
  ['probe-tests', { requestId: 'AbCdEf0123456789xyz_-', kind: 'heartbeat', config: 'eA==' }],
  ['probe-tests', { requestId: 'AbCdEf0123456789xyz_-', kind: 'dns', config: 'not base64!' }],
  ['probe-tests', { requestId: 'AbCdEf0123456789xyz_-', kind: 'dns' }],
  ['test-notifications', { integrationId: 7, requestId: 'short' }],
  ['test-notifications', { integrationId: 7, requestId: 'x'.repeat(65) }],
  ['test-notifications', { integrationId: 7, requestId: 'has space' }],
  ['test-notifications', { integrationId: 7, requestId: '' }],
  ['test-notifications', { integrationId: 7 }],
  ['test-notifications', { integrationId: '7', requestId: 'AbC-123_xyz' }],
];

/** Values put in place of each field of the common payloads: all kinds, and near misses of each. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  0,
  -1,
  1.5,
  7,
  2 ** 53,
  NaN,
  '42',
  '4 2',
  '042',
  'true',
  true,
  false,
  1,
  [],
  ['1'],
  [1],
  {},
  { a: 1 },
  UUID,
  UUID.toUpperCase(),
  ` ${UUID}`,
  '2026-11-23T10:00:00.000Z',
  '2026-11-23T10:00:00Z',
  '2026-11-23',
  'down',
  'DOWN',
  'reminder',
  'AbC-123_xyz',
  new Date(0),
  Object.create({ inherited: true }),
];

/** Every payload that differs from a common one in one field (top-level, or of its first probe). */
function variants(): [QueueName, unknown][] {
  const out: [QueueName, unknown][] = [];
  for (const [queue, payload] of COMMON) {
    const keys = [...Object.keys(payload), 'extra'];
    for (const key of keys) for (const v of ODD_VALUES) out.push([queue, { ...payload, [key]: v }]);
    const probes = payload.probes as Record<string, unknown>[] | undefined;
    if (probes && probes.length < 3) {
      for (const key of Object.keys(probes[0]!))
        for (const v of ODD_VALUES) out.push([queue, { ...payload, probes: [{ ...probes[0], [key]: v }, ...probes.slice(1)] }]);
    }
  }
  return out;
}

function schemaOutcome(queue: QueueName, payload: unknown): { value?: unknown; error?: string } {
  const { value, error } = CATALOG[queue].schema.validate(payload);
  return error ? { error: new InvalidJobPayloadError(queue, error.message).message } : { value };
}

function outcome(queue: QueueName, payload: unknown): { value?: unknown; error?: string } {
  try {
    return { value: validatePayload(queue, payload) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

describe('validatePayload', () => {
  it.each(COMMON)('%s %j: the common shape is accepted as it is, without the schema', (queue, payload) => {
    expect(validatePayload(queue, payload)).toBe(payload);
    expect(schemaOutcome(queue, payload)).toEqual({ value: payload });
  });

  it.each([...COMMON, ...EDGE])('%s %j: same outcome as the schema', (queue, payload) => {
    expect(outcome(queue, payload)).toEqual(schemaOutcome(queue, payload));
  });

  it('same outcome as the schema for every payload one field away from a common one', () => {
    const cases = variants();
    expect(cases.length).toBeGreaterThan(1000);
    const differing = cases.filter(([queue, payload]) => !isEqual(outcome(queue, payload), schemaOutcome(queue, payload)));
    expect(differing).toEqual([]);
  });

  it('every queue has common payloads in this test', () => {
    expect(new Set(COMMON.map(([queue]) => queue))).toEqual(new Set(QUEUE_NAMES));
  });
});

function isEqual(a: unknown, b: unknown): boolean {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
}
