import { Joi } from '@upmon/bounded-joi';
import { ApiError } from '../errors.js';
import { fieldErrorsOf, PLAIN_MESSAGES } from './joi-errors.js';

export const LIST_LIMIT_DEFAULT = 25;
export const LIST_LIMIT_MAX = 100;

/** ISO 8601 date-time with an explicit offset (Z or ±hh:mm), up to microseconds and beyond. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export const listQuerySchema = Joi.object({
  limit: Joi.number().integer().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT).description('Items per page.'),
  before: Joi.string()
    .max(40)
    .pattern(ISO_WITH_OFFSET)
    .custom((v: string, helpers) => (Number.isNaN(Date.parse(v)) ? helpers.error('string.pattern.base') : v))
    .messages({ 'string.pattern.base': 'must be an ISO 8601 date-time with an offset, e.g. 2026-01-31T12:00:00.123456+00:00' })
    .description('Cursor: only items strictly older than this ISO 8601 timestamp (with offset); pass the last ts of a page for the next one.'),
});

export interface ListQuery {
  limit: number;
  /** Kept as the client's string and compared in SQL, so microseconds are not lost. */
  before?: string;
}

/** Query of GET …/pings and …/flips; out-of-range or unknown parameters → 422. */
export function parseListQuery(query: unknown): ListQuery {
  const { error, value } = listQuerySchema.validate(query ?? {}, { abortEarly: false, convert: true, errors: { label: false }, messages: PLAIN_MESSAGES });
  if (error) throw ApiError.validation(fieldErrorsOf(error), 'invalid query parameters');
  return value as ListQuery;
}
