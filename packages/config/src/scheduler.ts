import Joi from 'joi';
import { commonEnv, encryptionEnv, mapCommon, mapEncryptionKeys, mapPublicLocations, publicLocationsEnv, type CommonConfig } from './common.js';
import { ConfigError, validateEnv, type Env } from './load-config.js';

export interface SchedulerConfig extends CommonConfig {
  port: number;
  /** Longest sleep between scans when nothing is due. */
  idleIntervalMs: number;
  batchSize: number;
  pingRetention: number;
  flipRetentionDays: number;
  /** Audit log events older than this many days are deleted (docs/web.md, "Audit log"). */
  auditLogRetentionDays: number;
  /** The relay leaves flips younger than this to the process that committed them. */
  /**
   * When Redis is found to have lost its data, flips, reminders and digests of this many minutes
   * back are enqueued again (longer than the ~64 min a delivery keeps retrying).
   */
  redisRecoveryWindowMin: number;
  /** PUBLIC_LOCATIONS: the locations of a check that names none; each due probe goes to each of its locations' queues. */
  publicLocations: string[];
  /**
   * ENCRYPTION_KEYS / ENCRYPTION_KEY, required when a public location is not `local`: the
   * scheduler unseals remote probes' credentials into their jobs and seals their results' reasons.
   */
  encryptionKeys: string[];
}

const schema = Joi.object({
  ...commonEnv,
  SCHEDULER_PORT: Joi.number().port().default(8001),
  SCHEDULER_IDLE_INTERVAL_MS: Joi.number().integer().min(10).max(60_000).default(1000),
  SCHEDULER_BATCH_SIZE: Joi.number().integer().min(1).max(100_000).default(1000),
  PING_RETENTION: Joi.number().integer().min(1).max(100_000).default(1000),
  FLIP_RETENTION_DAYS: Joi.number().integer().min(1).max(3650).default(365),
  AUDIT_LOG_RETENTION_DAYS: Joi.number().integer().min(1).max(3650).default(365),
  REDIS_RECOVERY_WINDOW_MIN: Joi.number()
    .integer()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  ...publicLocationsEnv,
  ...encryptionEnv(false),
});

export function loadSchedulerConfig(env: Env): SchedulerConfig {
  const v = validateEnv(schema, env) as Record<string, any>;
  const publicLocations = mapPublicLocations(v);
  const encryptionKeys = mapEncryptionKeys(v);
  if (encryptionKeys.length === 0 && publicLocations.some((l) => l !== 'local')) {
    throw new ConfigError(
      "Invalid configuration: ENCRYPTION_KEYS (or ENCRYPTION_KEY) is required when PUBLIC_LOCATIONS names a remote location (the scheduler puts its probes' configs in their jobs)",
      ['ENCRYPTION_KEYS'],
    );
  }
  return {
    ...mapCommon(v),
    port: v.SCHEDULER_PORT,
    idleIntervalMs: v.SCHEDULER_IDLE_INTERVAL_MS,
    batchSize: v.SCHEDULER_BATCH_SIZE,
    pingRetention: v.PING_RETENTION,
    flipRetentionDays: v.FLIP_RETENTION_DAYS,
    auditLogRetentionDays: v.AUDIT_LOG_RETENTION_DAYS,
    redisRecoveryWindowMin: v.REDIS_RECOVERY_WINDOW_MIN,
    publicLocations,
    encryptionKeys,
  };
}
