import { Type, type Static } from '@sinclair/typebox';
import { dateTime, nullable, nullableDateTime, oneOfValues, responseObject } from '../validation/response-schema.js';

const span = (description: string) =>
  Type.Unsafe<{ starts_at: string; ends_at: string } | null>({
    oneOf: [responseObject({ starts_at: dateTime(), ends_at: dateTime() }), { type: 'null' }],
    description,
  });

/** A maintenance window as the API returns it (`presentMaintenance`). */
export const MaintenanceResponse = responseObject({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  kind: oneOfValues(['one_off', 'recurring']),
  scope: oneOfValues(['project', 'tags', 'checks']),
  checks: Type.Array(Type.String({ format: 'uuid' })),
  tags: Type.Array(Type.String()),
  starts_at: nullableDateTime(),
  ends_at: nullableDateTime(),
  schedule: nullable('string'),
  tz: nullable('string'),
  duration_min: nullable('integer'),
  ended_at: nullableDateTime({ description: 'Ended early (POST .../end) at this time' }),
  status: oneOfValues(['active', 'upcoming', 'past']),
  current: span('The occurrence in progress (occurrences that overlap or touch are one)'),
  next: span('The next occurrence to start'),
  created_at: dateTime(),
});
export type MaintenanceResponse = Static<typeof MaintenanceResponse>;
