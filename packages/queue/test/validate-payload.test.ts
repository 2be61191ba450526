import { CATALOG, InvalidJobPayloadError, validatePayload, type QueueName } from '@upmon/queue';

const UUID = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';

/** Payloads our producers write, which take the fast path (returned as they are). */
const COMMON: [QueueName, Record<string, unknown>][] = [
  ['test-notifications', { integrationId: 7, requestId: UUID }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'down', flipId: '42' }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'reminder', reminderId: '9', recovered: true }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'digest', heldIds: ['1', '2', '3'] }],
  ['deliveries', { integrationId: 7, checkId: UUID, event: 'digest', heldIds: [] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' }] }],
  ['probes', { probes: [{ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.123Z' }, { checkId: UUID.toUpperCase(), scheduledAt: '1970-01-01T00:00:00.000Z', extra: 1 }] }],
  ['probes', { probes: Array.from({ length: 1000 }, () => ({ checkId: UUID, scheduledAt: '2026-11-23T10:00:00.000Z' })) }],
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
];

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
});
