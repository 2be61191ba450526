import type Joi from 'joi';

/** A missing or invalid setting. The message names every offending variable. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly variables: string[],
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

/**
 * Validates `env` against `schema` once, at start. Unknown variables are ignored; empty strings
 * count as unset so `FOO=` falls back to the default.
 */
export function validateEnv<T>(schema: Joi.ObjectSchema<T>, env: Env): T {
  const cleaned: Env = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') cleaned[k] = v;
  const { value, error } = schema.validate(cleaned, {
    abortEarly: false,
    allowUnknown: true,
    stripUnknown: true,
    convert: true,
  });
  if (error) {
    const variables = [...new Set(error.details.map((d) => String(d.path[0])))];
    const reasons = error.details.map((d) => `${String(d.path[0])}: ${d.message.replace(/"/g, '')}`);
    throw new ConfigError(`Invalid configuration: ${reasons.join('; ')}`, variables);
  }
  return value;
}
