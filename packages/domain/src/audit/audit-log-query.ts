import { Joi } from '@upmon/bounded-joi';
import { ApiError } from '../errors.js';
import { fieldErrorsOf, PLAIN_MESSAGES } from '../validation/joi-errors.js';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '../validation/list-query.js';

/** Query of GET /api/v1/audit-log and the web app's audit log page. */
export const auditLogQuerySchema = Joi.object({
  limit: Joi.number().integer().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT).description('Events per page.'),
  cursor: Joi.string()
    .max(19)
    .pattern(/^[1-9][0-9]*$/)
    .messages({ 'string.pattern.base': 'must be the next_cursor of a previous page' })
    .description("Cursor: only events older than this one; pass a page's next_cursor for the next page."),
});

export interface AuditLogQuery {
  limit: number;
  cursor?: string;
}

/** Out-of-range or unknown parameters → 422. */
export function parseAuditLogQuery(query: unknown): AuditLogQuery {
  const { error, value } = auditLogQuerySchema.validate(query ?? {}, { abortEarly: false, convert: true, errors: { label: false }, messages: PLAIN_MESSAGES });
  if (error) throw ApiError.validation(fieldErrorsOf(error), 'invalid query parameters');
  return value as AuditLogQuery;
}
