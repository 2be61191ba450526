import { Joi } from '@upmon/bounded-joi';
import type { ObjectSchema } from 'joi';
import { ApiError } from '../errors.js';
import type { StatusPageSubscriberBody, SubscriberImportBody } from '../generated/request-bodies.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';

/** Limits of subscriber management (docs/api.md, "Status page subscribers"). */
export const SUBSCRIBER_LIMITS = {
  urlMax: 2000,
  /** Characters of one CSV import (the API's body limit is 256 KB by default). */
  importCharsMax: 200_000,
  /** Addresses in one CSV import. */
  importRowsMax: 5_000,
} as const;

export const statusPageSubscriberSchema = Joi.object({
  kind: Joi.string().valid('webhook').required().description('webhook (e-mail addresses subscribe on the public page, or come in by import)'),
  url: Joi.string()
    .max(SUBSCRIBER_LIMITS.urlMax)
    .uri({ scheme: ['http', 'https'] })
    .required()
    .description('Where each incident update is POSTed as JSON (through the outbound guard: no private or loopback addresses)'),
});

export const subscriberImportSchema = Joi.object({
  csv: Joi.string()
    .max(SUBSCRIBER_LIMITS.importCharsMax)
    .required()
    .description('Confirmed e-mail addresses, one per line, in the first column; a first line "email" is a header. Quotes as in RFC 4180.'),
});

function validate<T>(schema: ObjectSchema, body: unknown): T {
  const { value, error } = schema.validate(body, BODY_OPTIONS);
  if (error) throw ApiError.validation(fieldErrorsOf(error));
  return value as T;
}

export const validateStatusPageSubscriber = (body: unknown) => validate<StatusPageSubscriberBody>(statusPageSubscriberSchema, body);
export const validateSubscriberImport = (body: unknown) => validate<SubscriberImportBody>(subscriberImportSchema, body);
