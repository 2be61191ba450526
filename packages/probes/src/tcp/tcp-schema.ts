import { Joi } from '../common/bounded-joi.js';
import { confirmationsSchema, hostSchema, portSchema, serverNameSchema, timeoutSchema } from '../common/host-schema.js';
import { conditionsSchema } from '../conditions/condition-schema.js';
import { MAX_EXPECT_LENGTH, MAX_SEND_BYTES, TCP_CONDITION_TYPES } from './tcp-config.js';

/** tcp_config as the API accepts it; stored as validated (defaults filled in). */
export const tcpConfigSchema = Joi.object({
  host: hostSchema.required(),
  port: portSchema.required(),
  tls: Joi.boolean().default(false),
  sni: Joi.when('tls', { is: true, then: serverNameSchema, otherwise: Joi.forbidden().messages({ 'any.unknown': 'is only allowed with tls' }) }),
  send: Joi.when('send_format', {
    is: 'hex',
    then: Joi.string()
      .max(MAX_SEND_BYTES * 2)
      .pattern(/^([0-9a-fA-F]{2})+$/)
      .messages({ 'string.pattern.base': 'must be pairs of hex digits' }),
    otherwise: Joi.string()
      .max(MAX_SEND_BYTES)
      .custom((v: string, h) => (Buffer.byteLength(v) > MAX_SEND_BYTES ? h.error('string.max', { limit: MAX_SEND_BYTES }) : v)),
  }),
  send_format: Joi.string().valid('text', 'hex').default('text'),
  expect: Joi.string().min(1).max(MAX_EXPECT_LENGTH),
  timeout_sec: timeoutSchema.default(10),
  confirmations: confirmationsSchema,
  ssl_days_before: Joi.when('tls', { is: true, then: Joi.number().valid(7, 14, 30).default(14), otherwise: Joi.forbidden() }),
  conditions: conditionsSchema(TCP_CONDITION_TYPES).default([]),
});
