import { Joi } from '@upmon/bounded-joi';
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS } from '@upmon/core';
import type { StringSchema } from 'joi';

/**
 * A name or title people set: 1 to `max` characters, no control characters (@upmon/core
 * `NO_CONTROL_CHARACTERS`; a `pattern` in the OpenAPI document). Every input's names use it.
 */
export function displayName(max: number): StringSchema {
  return Joi.string().min(1).max(max).pattern(NO_CONTROL_CHARACTERS).messages({ 'string.pattern.base': CONTROL_CHARACTERS_MESSAGE });
}
