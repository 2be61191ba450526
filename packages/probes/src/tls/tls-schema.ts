import { Joi } from '@upmon/bounded-joi';
import { confirmationsSchema, hostSchema, portSchema, serverNameSchema, timeoutSchema } from '../common/host-schema.js';
import { conditionsSchema } from '../conditions/condition-schema.js';
import { TLS_CONDITION_TYPES } from './tls-config.js';

/** tls_config as the API accepts it; stored as validated (defaults filled in). */
export const tlsConfigSchema = Joi.object({
  host: hostSchema.required(),
  port: portSchema.default(443),
  sni: serverNameSchema,
  days_before_expiry: Joi.number().integer().min(0).max(365).default(14),
  timeout_sec: timeoutSchema.default(10),
  confirmations: confirmationsSchema,
  conditions: conditionsSchema(TLS_CONDITION_TYPES, 'TlsCondition').default([]),
}).id('TlsConfig');
