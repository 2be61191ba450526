import type Joi from 'joi';
import { addFieldError, type FieldErrors } from '../errors.js';

/** Options for every request-body schema: all errors at once, no type coercion, unknown keys rejected. */
export const BODY_OPTIONS: Joi.ValidationOptions = {
  abortEarly: false,
  convert: false,
  allowUnknown: false,
  errors: { label: false },
};

/** Joi details → `{field: [messages]}` with dotted paths for nested fields ("schedule.period_sec"). */
export function fieldErrorsOf(error: Joi.ValidationError | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const d of error?.details ?? []) {
    const field = d.path.length ? d.path.join('.') : 'body';
    const list = errors[field];
    if (!list?.includes(d.message)) addFieldError(errors, field, d.message);
  }
  return errors;
}

export function mergeFieldErrors(into: FieldErrors, from: FieldErrors): FieldErrors {
  for (const [field, messages] of Object.entries(from)) for (const m of messages) if (!into[field]?.includes(m)) addFieldError(into, field, m);
  return into;
}
