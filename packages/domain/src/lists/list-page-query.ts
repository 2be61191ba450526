import { Joi } from '@upmon/bounded-joi';
import { MAX_LIST_CURSOR_LENGTH } from '@upmon/crypto';
import { ApiError } from '../errors.js';
import { fieldErrorsOf, PLAIN_MESSAGES } from '../validation/joi-errors.js';

/** Most items a page of a keyset-paginated list holds (docs/api.md, "Lists and pagination"). */
export const LIST_PAGE_MAX = 500;
/** Items of a page when only `after` is given. */
export const LIST_PAGE_DEFAULT = 100;

/** Query of the v1 lists (checks, integrations, maintenance, locations): opt-in keyset pagination. */
export const listPageQuerySchema = Joi.object({
  limit: Joi.number()
    .integer()
    .min(1)
    .max(LIST_PAGE_MAX)
    .description(
      `Opt-in pagination: at most this many items (1–${LIST_PAGE_MAX}), and the response carries \`next\`. Without \`limit\` and \`after\` the whole list is answered.`,
    ),
  after: Joi.string()
    .max(MAX_LIST_CURSOR_LENGTH)
    .pattern(/^[A-Za-z0-9_-]+$/)
    .messages({ 'string.pattern.base': 'must be the next of a previous page' })
    .description(`Opaque cursor: the \`next\` of the previous page (with \`limit\`, or pages of ${LIST_PAGE_DEFAULT}).`),
});

/** Where a list starts and how much of it to answer; `null`: the whole list, in one array. */
export type ListPage = { limit: number; after: string | null } | null;

/** Out-of-range or unknown parameters → 422. */
export function parseListPageQuery(query: unknown): ListPage {
  const { error, value } = listPageQuerySchema.validate(query ?? {}, { abortEarly: false, convert: true, errors: { label: false }, messages: PLAIN_MESSAGES });
  if (error) throw ApiError.validation(fieldErrorsOf(error), 'invalid query parameters');
  const { limit, after } = value as { limit?: number; after?: string };
  if (limit === undefined && after === undefined) return null;
  return { limit: limit ?? LIST_PAGE_DEFAULT, after: after ?? null };
}
