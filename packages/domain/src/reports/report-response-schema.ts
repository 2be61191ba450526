import { Type, type Static } from '@sinclair/typebox';
import { dateTime, nullableDateTime, nullableObject, oneOfValues, responseObject } from '../validation/response-schema.js';

const nullableNumber = (description?: string) => Type.Unsafe<number | null>({ type: ['number', 'null'], ...(description ? { description } : {}) });
const minutes = (description?: string) => Type.Number(description ? { description } : {});

/** A report (`presentReport`); minutes are elapsed minutes to 3 decimals, percentages to 3 decimals. */
export const ReportResponse = responseObject({
  subject: responseObject({
    kind: oneOfValues(['project', 'check', 'tag']),
    check: Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'uuid' }),
    tag: Type.Unsafe<string | null>({ type: ['string', 'null'] }),
  }),
  from: dateTime(),
  to: dateTime(),
  tz: Type.String(),
  month: Type.Unsafe<string | null>({ type: ['string', 'null'], description: 'YYYY-MM when a month was asked for' }),
  generated_at: dateTime(),
  totals: responseObject({
    checks: Type.Integer(),
    availability: nullableNumber('Percent up of the monitored time, outside maintenance, all checks summed; null when nothing was monitored'),
    monitored_minutes: minutes(),
    down_minutes: minutes(),
    maintenance_minutes: minutes('Monitored under maintenance: not counted'),
    incidents: Type.Integer(),
  }),
  checks: Type.Array(
    responseObject({
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      availability: nullableNumber(),
      monitored_minutes: minutes(),
      down_minutes: minutes(),
      maintenance_minutes: minutes(),
      incidents: Type.Array(
        responseObject({
          started_at: dateTime(),
          ended_at: nullableDateTime({ description: 'null: still down when the range ends' }),
          duration_minutes: minutes('From its start (maybe before the range) to its end or the range’s end'),
          counted_minutes: minutes('Its part in the range outside maintenance'),
          reason: Type.String(),
        }),
      ),
      response_times: nullableObject(
        { probes: Type.Integer(), p50_ms: nullableNumber(), p95_ms: nullableNumber(), p99_ms: nullableNumber() },
        { description: 'Probed checks: percentiles of all locations’ probes together; null without probes in the range (rollups are kept 35 days)' },
      ),
    }),
  ),
  slos: Type.Array(
    responseObject({
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      target: Type.Number(),
      availability: nullableNumber(),
      met: Type.Unsafe<boolean | null>({ type: ['boolean', 'null'] }),
      budget_allowed_minutes: minutes(),
      budget_spent_minutes: minutes(),
      budget_remaining_percent: nullableNumber(),
    }),
  ),
});
export type ReportResponse = Static<typeof ReportResponse>;
