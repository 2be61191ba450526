import { Joi } from '@upmon/bounded-joi';
import { conditionsSchema, HEADER_NAME } from '../conditions/condition-schema.js';
import { HTTP_CONDITION_TYPES } from './http-config.js';

/** No CR/LF/NUL in header values (header injection). */
const HEADER_VALUE = /^[^\r\n\0]*$/;

/**
 * http_config with the spec's defaults applied. It is stored as validated (snake_case, defaults
 * filled in) in checks.http_config, which is what the prober reads; never returned by the API.
 */
export const httpConfigSchema = Joi.object({
  url: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(2048)
    .required(),
  method: Joi.string().valid('GET', 'HEAD', 'POST').default('GET'),
  timeout_sec: Joi.number().integer().min(1).max(30).default(10),
  expected_codes: Joi.array()
    .items(
      Joi.string()
        .max(3)
        .pattern(/^[1-5](xx|[0-9]{2})$/)
        .messages({ 'string.pattern.base': 'must be a status code such as 200 or a class such as 2xx' }),
    )
    .min(1)
    .max(50)
    .unique()
    .default(['2xx', '3xx']),
  keyword: Joi.string().min(1).max(1000),
  keyword_absent: Joi.boolean().default(false),
  follow_redirects: Joi.boolean().default(true),
  headers: Joi.object()
    .max(50)
    .pattern(
      Joi.string().max(100).pattern(HEADER_NAME),
      Joi.string().max(4096).pattern(HEADER_VALUE).messages({ 'string.pattern.base': 'must not contain line breaks' }),
    )
    .messages({ 'object.unknown': 'is not a valid header name' }),
  basic_auth: Joi.object({
    username: Joi.string()
      .max(255)
      .pattern(/^[^:]*$/)
      .required()
      .messages({ 'string.pattern.base': 'must not contain ":"' }),
    password: Joi.string().allow('').max(255).required(),
  }),
  ssl_days_before: Joi.number().valid(7, 14, 30).default(14),
  confirmations: Joi.number().integer().min(1).max(5).default(2),
  // No default: an http check saved without conditions is stored exactly as before they existed.
  conditions: conditionsSchema(HTTP_CONDITION_TYPES, 'HttpCondition'),
}).id('HttpConfig');
