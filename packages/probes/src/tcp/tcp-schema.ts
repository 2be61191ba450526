import type { CustomHelpers } from 'joi';
import { Joi } from '@upmon/bounded-joi';
import { confirmationsSchema, hostSchema, portSchema, serverNameSchema, timeoutSchema } from '../common/host-schema.js';
import { conditionsSchema } from '../conditions/condition-schema.js';
import { MAX_EXPECT_LENGTH, MAX_SEND_BYTES, TCP_CONDITION_TYPES } from './tcp-config.js';

/** The bytes to send, read as `send_format` says (bounded by the string's max before this runs). */
function sendBytes(value: string, helpers: CustomHelpers) {
  const format = (helpers.state.ancestors[0] as { send_format?: unknown } | undefined)?.send_format;
  if (format === 'hex') return /^([0-9a-fA-F]{2})+$/.test(value) ? value : helpers.message({ custom: 'must be pairs of hex digits' });
  return Buffer.byteLength(value) <= MAX_SEND_BYTES ? value : helpers.message({ custom: `must be at most ${MAX_SEND_BYTES} bytes` });
}

/** A certificate-days condition needs a certificate: only with `tls`. */
function certificateNeedsTls(config: { tls?: unknown; conditions?: { type?: unknown }[] }, helpers: CustomHelpers) {
  if (config.tls !== true && (config.conditions ?? []).some((c) => c?.type === 'certificate_days')) {
    return helpers.message({ custom: 'a certificate_days condition needs tls' });
  }
  return config;
}

/** tcp_config as the API accepts it; stored as validated (defaults filled in). */
export const tcpConfigSchema = Joi.object({
  host: hostSchema.required(),
  port: portSchema.required(),
  tls: Joi.boolean().default(false),
  sni: Joi.when('tls', { is: true, then: serverNameSchema, otherwise: Joi.forbidden().messages({ 'any.unknown': 'is only allowed with tls' }) }),
  send: Joi.string()
    .max(MAX_SEND_BYTES * 2)
    .custom(sendBytes)
    .description(`Sent once connected: text (UTF-8, at most ${MAX_SEND_BYTES} bytes), or with send_format hex pairs of hex digits. Stored encrypted.`),
  send_format: Joi.string().valid('text', 'hex').default('text'),
  expect: Joi.string().min(1).max(MAX_EXPECT_LENGTH),
  timeout_sec: timeoutSchema.default(10),
  confirmations: confirmationsSchema,
  ssl_days_before: Joi.when('tls', { is: true, then: Joi.number().valid(7, 14, 30).default(14), otherwise: Joi.forbidden() }),
  conditions: conditionsSchema(TCP_CONDITION_TYPES, 'TcpCondition').default([]),
})
  .custom(certificateNeedsTls)
  .id('TcpConfig');
