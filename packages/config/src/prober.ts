import Joi from 'joi';
import {
  commonEnv,
  encryptionEnv,
  mapEncryptionKeys,
  cidrList,
  mapCommon,
  mapPublicLocations,
  proberLocationEnv,
  publicLocationsEnv,
  splitList,
  type CommonConfig,
} from './common.js';
import { ConfigError, validateEnv, type Env } from './load-config.js';

export interface ProberConfig extends CommonConfig {
  port: number;
  /** Newest first: the first encrypts, all decrypt (ENCRYPTION_KEYS, then ENCRYPTION_KEY). */
  encryptionKeys: string[];
  concurrency: number;
  /** CIDRs that outbound probes may reach even though they are private/loopback. */
  outboundAllowCidrs: string[];
  userAgent: string;
  /** Where this prober probes from (PROBER_LOCATION, default `local`): it takes that location's queue. */
  location: string;
  /** PUBLIC_LOCATIONS: the locations of a check that names none (the quorum of its results). */
  publicLocations: string[];
  /**
   * PROBER_RESULTS: `database` (default) reads checks from and records results in PostgreSQL;
   * `queue` (a remote location, docs/locations.md) takes everything from its probe jobs and adds
   * its results to its location's results queue: no DATABASE_URL nor encryption keys, and
   * `databaseUrl` is then empty.
   */
  results: 'database' | 'queue';
}

const inQueueMode = (then: Joi.Schema, otherwise: Joi.Schema) => Joi.when('PROBER_RESULTS', { is: 'queue', then, otherwise });

const schema = Joi.object({
  ...commonEnv,
  PROBER_RESULTS: Joi.string().valid('database', 'queue').default('database'),
  DATABASE_URL: inQueueMode(commonEnv.DATABASE_URL.optional(), commonEnv.DATABASE_URL),
  PROBER_PORT: Joi.number().port().default(8002),
  ...encryptionEnv(),
  ENCRYPTION_KEYS: inQueueMode(encryptionEnv(false).ENCRYPTION_KEYS, encryptionEnv().ENCRYPTION_KEYS),
  PROBER_CONCURRENCY: Joi.number().integer().min(1).max(1000).default(100),
  OUTBOUND_ALLOW_CIDRS: cidrList.allow('').default(''),
  PROBER_USER_AGENT: Joi.string().max(200).default('upmon-prober/1.0'),
  ...proberLocationEnv,
  ...publicLocationsEnv,
});

export function loadProberConfig(env: Env): ProberConfig {
  const v = validateEnv(schema, env) as Record<string, any>;
  if (v.PROBER_RESULTS === 'queue' && v.PROBER_LOCATION === 'local') {
    throw new ConfigError('Invalid configuration: PROBER_LOCATION must name a remote location (not local) when PROBER_RESULTS=queue', ['PROBER_LOCATION']);
  }
  return {
    ...mapCommon(v),
    databaseUrl: v.DATABASE_URL ?? '',
    port: v.PROBER_PORT,
    encryptionKeys: mapEncryptionKeys(v),
    concurrency: v.PROBER_CONCURRENCY,
    outboundAllowCidrs: splitList(v.OUTBOUND_ALLOW_CIDRS),
    userAgent: v.PROBER_USER_AGENT,
    location: v.PROBER_LOCATION,
    publicLocations: mapPublicLocations(v),
    results: v.PROBER_RESULTS,
  };
}
