import { Type, type Static } from '@sinclair/typebox';
import { dateTime, nullable, nullableObject, oneOfValues, refTo, responseObject } from '../validation/response-schema.js';
import { SLO_WINDOWS } from './slo-input.js';

const nullableNumber = (description: string) => Type.Unsafe<number | null>({ type: ['number', 'null'], description });

/** An SLO as the API returns it (`presentSlo`). */
export const SloResponse = responseObject({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  check: nullable('string', { format: 'uuid', description: 'The check it is about (null: a tag’s)' }),
  tag: nullable('string', { description: 'Every check with this tag (null: one check’s)' }),
  target: Type.Number({ description: 'Availability target, percent' }),
  window: oneOfValues(SLO_WINDOWS),
  tz: Type.String({ description: 'The zone of a calendar_month window’s months (UTC for rolling windows)' }),
  latency: nullableObject({ threshold_ms: Type.Integer(), target: Type.Number({ description: 'Percent of probes within threshold_ms' }) }),
  created_at: dateTime(),
  updated_at: dateTime(),
});
export type SloResponse = Static<typeof SloResponse>;

/** An SLO's standing now (`presentSloStatus`); minutes are elapsed minutes, to 3 decimals. */
export const SloStatusResponse = responseObject({
  slo: refTo('Slo', SloResponse),
  from: dateTime({ description: 'The window’s start' }),
  to: dateTime({ description: 'The window’s end: now for rolling windows, the month’s end for calendar months' }),
  checks: Type.Integer({ description: 'Checks counted (a tag’s current checks)' }),
  availability: nullableNumber('Percent of monitored time up, outside maintenance, so far; null when nothing was monitored'),
  met: Type.Unsafe<boolean | null>({ type: ['boolean', 'null'], description: 'availability ≥ target; null when nothing was monitored' }),
  monitored_minutes: Type.Number(),
  down_minutes: Type.Number(),
  maintenance_minutes: Type.Number({ description: 'Monitored under maintenance: not counted' }),
  budget: responseObject({
    allowed_minutes: Type.Number({ description: '(100 − target) % of the window’s counted time, the part still ahead included' }),
    spent_minutes: Type.Number(),
    remaining_minutes: Type.Number({ description: 'Negative once overspent' }),
    remaining_percent: nullableNumber('Of the allowed budget; null when nothing is allowed yet'),
  }),
  latency: nullableObject({
    threshold_ms: Type.Integer(),
    target: Type.Number(),
    probes: Type.Integer(),
    fast_percent: nullableNumber('Percent of probes answered within threshold_ms; null without probes'),
    met: Type.Unsafe<boolean | null>({ type: ['boolean', 'null'] }),
  }),
  burn_rates: Type.Array(
    responseObject({
      alert: oneOfValues(['fast', 'slow']),
      long_window_minutes: Type.Integer(),
      short_window_minutes: Type.Integer(),
      threshold: Type.Number({ description: 'Burn rate at which the alert fires (both windows at or above it)' }),
      long_burn: nullableNumber('Burn rate over the long window; null when nothing was monitored'),
      short_burn: nullableNumber('Burn rate over the short window'),
      firing: Type.Boolean(),
    }),
  ),
});
export type SloStatusResponse = Static<typeof SloStatusResponse>;
