import { Joi } from '@upmon/bounded-joi';
import { confirmationsSchema, DNS_NAME, timeoutSchema } from '../common/host-schema.js';
import { conditionsSchema } from '../conditions/condition-schema.js';
import { DNS_CONDITION_TYPES, MAX_EXPECTED_LENGTH, MAX_EXPECTED_VALUES, RECORD_TYPES } from './dns-config.js';
import { parseResolverAddress } from './resolver-address.js';

/** dns_config as the API accepts it; stored as validated (defaults filled in). */
export const dnsConfigSchema = Joi.object({
  name: Joi.string().max(253).pattern(DNS_NAME).required().messages({ 'string.pattern.base': 'must be a DNS name' }),
  record_type: Joi.string()
    .valid(...RECORD_TYPES)
    .default('A'),
  resolver: Joi.string()
    .max(60)
    .custom((v: string, h) => (parseResolverAddress(v) ? v : h.error('any.invalid')))
    .messages({ 'any.invalid': 'must be an IP address, optionally with a port (192.0.2.53:5353, [2001:db8::53]:5353)' }),
  expected: Joi.array().items(Joi.string().min(1).max(MAX_EXPECTED_LENGTH)).max(MAX_EXPECTED_VALUES).unique().default([]),
  match: Joi.string().valid('any', 'all').default('any'),
  timeout_sec: timeoutSchema.default(5),
  confirmations: confirmationsSchema,
  conditions: conditionsSchema(DNS_CONDITION_TYPES, 'DnsCondition').default([]),
}).id('DnsConfig');
