import { Type, type Static } from '@sinclair/typebox';
import { dateTime, nullable, oneOfValues, responseObject } from '../validation/response-schema.js';

/** A ping of a check as the API lists it (`presentPing`). */
export const PingResponse = responseObject({
  ts: dateTime({ pattern: '\\.[0-9]{6}\\+00:00$', description: 'Microsecond precision' }),
  type: oneOfValues(['success', 'start', 'fail', 'exit', 'log']),
  exit_status: nullable('integer'),
  source_ip: nullable('string'),
  method: Type.String(),
  body_size: Type.Integer({ minimum: 0 }),
  duration_ms: nullable('integer'),
  note: nullable('string', {
    description:
      'An addition to the spec: why the ping counted differently from its type, e.g. a success after a run shorter than the minimum run time, or (starting with "ignored: ") why it changed nothing, e.g. the check was paused.',
  }),
  body: nullable('string', { description: 'Decrypted body, truncated to 2 KB' }),
  user_agent: nullable('string'),
});
export type PingResponse = Static<typeof PingResponse>;
