import Joi from 'joi';
import { commonEnv, encryptionKey, cidrList, mapCommon, splitList, type CommonConfig } from './common.js';
import { validateEnv, type Env } from './load-config.js';

export interface ProberConfig extends CommonConfig {
  port: number;
  encryptionKey: string;
  concurrency: number;
  /** CIDRs that outbound probes may reach even though they are private/loopback. */
  outboundAllowCidrs: string[];
  userAgent: string;
}

const schema = Joi.object({
  ...commonEnv,
  PROBER_PORT: Joi.number().port().default(8002),
  ENCRYPTION_KEY: encryptionKey.required(),
  PROBER_CONCURRENCY: Joi.number().integer().min(1).max(1000).default(100),
  OUTBOUND_ALLOW_CIDRS: cidrList.allow('').default(''),
  PROBER_USER_AGENT: Joi.string().max(200).default('upmon-prober/1.0'),
});

export function loadProberConfig(env: Env): ProberConfig {
  const v = validateEnv(schema, env) as Record<string, any>;
  return {
    ...mapCommon(v),
    port: v.PROBER_PORT,
    encryptionKey: v.ENCRYPTION_KEY,
    concurrency: v.PROBER_CONCURRENCY,
    outboundAllowCidrs: splitList(v.OUTBOUND_ALLOW_CIDRS),
    userAgent: v.PROBER_USER_AGENT,
  };
}
