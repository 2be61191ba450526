import { Joi } from '@upmon/bounded-joi';
import { ApiError } from '../errors.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';

export const PRIVATE_LOCATION_NAME_MAX = 100;
/** Longest grace a rotated-out location key keeps working (7 days). */
export const LOCATION_KEY_GRACE_MAX_SEC = 604_800;

export const privateLocationSchema = Joi.object({
  name: Joi.string()
    .min(1)
    .max(PRIVATE_LOCATION_NAME_MAX)
    .pattern(/\S/)
    .required()
    .messages({ 'string.pattern.base': 'must not be blank' })
    .description('Shown in the app and in alerts, e.g. "Office LAN" (spaces around it are dropped)'),
});

export const privateLocationRotationSchema = Joi.object({
  grace_sec: Joi.number()
    .integer()
    .min(0)
    .max(LOCATION_KEY_GRACE_MAX_SEC)
    .default(0)
    .description('How long the old key keeps working, in seconds (0: refused at once; at most 7 days)'),
});

function validated<T>(schema: typeof privateLocationSchema, body: Record<string, unknown>): T {
  const { error, value } = schema.validate(body, BODY_OPTIONS);
  if (error) throw ApiError.validation(fieldErrorsOf(error));
  return value as T;
}

export function validatePrivateLocationInput(body: Record<string, unknown>): { name: string } {
  const { name } = validated<{ name: string }>(privateLocationSchema, body);
  return { name: name.trim() };
}
export const validateLocationKeyRotation = (body: Record<string, unknown>) => validated<{ grace_sec: number }>(privateLocationRotationSchema, body);
