import { Joi } from '@upmon/bounded-joi';

/**
 * Pieces of channel config schemas. Every string has a `max` (checked before any other rule:
 * @upmon/bounded-joi), so no pattern or URL parser sees an unbounded input.
 */

/** A URL people paste (webhooks, self-hosted servers): http or https, at most 2048 characters. */
export const httpUrl = Joi.string()
  .uri({ scheme: ['http', 'https'] })
  .max(2048);

/**
 * A credential or key made of printable ASCII without spaces (API keys, access tokens), at most
 * `max` characters: nothing a header or a URL path could be split by.
 */
export const tokenString = (max: number) =>
  Joi.string()
    .max(max)
    .pattern(/^[\x21-\x7e]+$/)
    .messages({ 'string.pattern.base': 'must be printable ASCII without spaces' });

/** One of the listed numbers (select fields). */
export const oneOfNumbers = (values: readonly number[]) =>
  Joi.number()
    .integer()
    .valid(...values);
