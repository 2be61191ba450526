import type Joi from 'joi';
import { addFieldError, type FieldErrors } from '../errors.js';

/**
 * joi's default wordings, in words a person reads without knowing joi ("is not allowed to be
 * empty", "length must be less than or equal to 100 characters long", "must be a valid uri with
 * a scheme matching the http|https pattern"). Fragments that follow the field's name: the API
 * keys them by field, the web app shows them under the field's label. A schema's own
 * `.messages()` still wins. Every web address a request body takes is http(s).
 */
export const PLAIN_MESSAGES: Record<string, string> = {
  'string.base': 'must be text',
  'string.empty': 'cannot be empty',
  'string.max': 'must be at most {#limit} characters long',
  'string.min': 'must be at least {#limit} characters long',
  'string.length': 'must be exactly {#limit} characters long',
  'string.uri': 'must be a full web address, such as https://example.com/',
  'string.uriCustomScheme': 'must be a web address starting with http:// or https://',
  'string.email': 'must be an e-mail address, such as ops@example.com',
  'string.guid': 'must be an id (a UUID)',
  'string.isoDate': 'must be a date and time, such as 2026-06-01T12:00:00Z',
  'string.pattern.base': 'is not in the expected form',
  'number.base': 'must be a number',
  'number.integer': 'must be a whole number',
  'number.min': 'must be at least {#limit}',
  'number.max': 'must be at most {#limit}',
  'number.greater': 'must be more than {#limit}',
  'number.less': 'must be less than {#limit}',
  'number.unsafe': 'is too large',
  'boolean.base': 'must be true or false',
  'array.base': 'must be a list',
  'array.max': 'can have at most {#limit} entries',
  'array.min': 'needs at least {#limit} entries',
  'array.unique': 'lists the same entry twice',
  'object.base': 'must be an object',
};

/** Options for every request-body schema: all errors at once, no type coercion, unknown keys rejected, plain words. */
export const BODY_OPTIONS: Joi.ValidationOptions = {
  abortEarly: false,
  convert: false,
  allowUnknown: false,
  errors: { label: false },
  messages: PLAIN_MESSAGES,
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
