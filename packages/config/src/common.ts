import { DEFAULT_LOCATION, LOCATION_NAME, PRIVATE_LOCATION_PREFIX } from '@upmon/core';
import Joi from 'joi';

const pgUrl = Joi.string().uri({ scheme: ['postgres', 'postgresql'] });
const redisUrl = Joi.string().uri({ scheme: ['redis', 'rediss'] });

/** Variables every service reads. */
export const commonEnv = {
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  DATABASE_URL: pgUrl.required(),
  DATABASE_POOL_SIZE: Joi.number().integer().min(1).max(200).default(10),
  REDIS_URL: redisUrl.required(),
  /** Prefix of every Redis key (queues, rate limits): lets several deployments or tests share one Redis. */
  REDIS_PREFIX: Joi.string()
    .pattern(/^[A-Za-z0-9_.-]+$/)
    .default('upmon'),
  HTTP_HOST: Joi.string().default('0.0.0.0'),
  SHUTDOWN_TIMEOUT_MS: Joi.number().integer().min(100).max(600_000).default(25_000),
};

/** 32 random bytes, base64 (standard or url-safe). Generate with `openssl rand -base64 32`. */
const encryptionKey = Joi.string()
  .custom((value: string, helpers) => {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length !== 32) return helpers.error('any.invalid');
    return value;
  })
  .messages({ 'any.invalid': '{{#label}} must be 32 bytes encoded as base64' });

const isKey = (value: string) => Buffer.from(value, 'base64').length === 32;

/** ENCRYPTION_KEYS: comma-separated keys, newest first (each like ENCRYPTION_KEY). */
const encryptionKeyList = Joi.string()
  .custom((value: string, helpers) => (splitList(value).length > 0 && splitList(value).every(isKey) ? value : helpers.error('any.invalid')))
  .messages({ 'any.invalid': '{{#label}} must be a comma-separated list of 32-byte base64 keys, newest first' });

/**
 * Encryption keys: ENCRYPTION_KEYS (newest first; the newest encrypts, all decrypt) and/or the
 * single ENCRYPTION_KEY of earlier versions, which is then read as the oldest. At least one.
 * `required: false` (admin CLI): only the commands that need keys ask for them.
 */
export function encryptionEnv(required = true) {
  return {
    ENCRYPTION_KEY: encryptionKey,
    ENCRYPTION_KEYS: required
      ? encryptionKeyList
          .when('ENCRYPTION_KEY', { not: Joi.exist(), then: Joi.required() })
          .messages({ 'any.required': 'ENCRYPTION_KEYS (or ENCRYPTION_KEY) is required' })
      : encryptionKeyList,
  };
}

/** The keys, newest first: ENCRYPTION_KEYS, then ENCRYPTION_KEY unless it is listed already. */
export function mapEncryptionKeys(v: Record<string, any>): string[] {
  const keys = splitList(v.ENCRYPTION_KEYS);
  if (v.ENCRYPTION_KEY && !keys.includes(v.ENCRYPTION_KEY)) keys.push(v.ENCRYPTION_KEY);
  return keys;
}

export const cidrList = Joi.string()
  .pattern(/^\s*[0-9a-fA-F:.]+\/\d{1,3}(\s*,\s*[0-9a-fA-F:.]+\/\d{1,3})*\s*$/)
  .messages({ 'string.pattern.base': '{{#label}} must be a comma-separated list of CIDRs such as 127.0.0.0/8,::1/128' });

export const httpUrl = Joi.string().uri({ scheme: ['http', 'https'] });

/** Outgoing e-mail and the links it carries (notifier: alerts; api: account and verification mail). */
export const mailEnv = {
  APP_BASE_URL: httpUrl.default('http://localhost:8000'),
  SMTP_URL: Joi.string().uri({ scheme: ['smtp', 'smtps'] }),
  EMAIL_FROM: Joi.string().default('upmon <alerts@localhost>'),
};

export interface MailConfig {
  /** Base URL of the web app, for links back to it in messages. */
  appBaseUrl: string;
  smtpUrl: string | undefined;
  emailFrom: string;
}

export function mapMail(v: Record<string, any>): MailConfig {
  return { appBaseUrl: v.APP_BASE_URL.replace(/\/+$/, ''), smtpUrl: v.SMTP_URL, emailFrom: v.EMAIL_FROM };
}

export function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export interface CommonConfig {
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  databaseUrl: string;
  databasePoolSize: number;
  redisUrl: string;
  redisPrefix: string;
  httpHost: string;
  shutdownTimeoutMs: number;
}

export function mapCommon(v: Record<string, any>): CommonConfig {
  return {
    nodeEnv: v.NODE_ENV,
    logLevel: v.LOG_LEVEL,
    databaseUrl: v.DATABASE_URL,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    redisUrl: v.REDIS_URL,
    redisPrefix: v.REDIS_PREFIX,
    httpHost: v.HTTP_HOST,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
  };
}

/**
 * PUBLIC_LOCATIONS (api, scheduler, prober: this one rule for all three): location names (core's
 * LOCATION_NAME), none of them starting with the private locations' prefix `p-` (a public
 * location named like a private location's code would take that location's probes).
 */
const publicLocationList = Joi.string()
  .max(2000)
  .custom((value: string, helpers) => {
    const names = splitList(value);
    if (names.length === 0 || names.length > 50) return helpers.error('any.invalid');
    const malformed = names.find((n) => !LOCATION_NAME.test(n));
    if (malformed !== undefined) return helpers.error('location.malformed', { name: malformed.slice(0, 40) });
    const reserved = names.find((n) => n.startsWith(PRIVATE_LOCATION_PREFIX));
    if (reserved !== undefined) return helpers.error('location.private', { name: reserved });
    return value;
  })
  .messages({
    'string.max': '{{#label}} is too long (at most 50 location names)',
    'any.invalid': '{{#label}} must be a comma-separated list of 1-50 location names',
    'location.malformed': "{{#name}} is not a location name (lowercase letters, digits and '-', at most 32, not starting or ending with '-')",
    'location.private': `{{#name}} starts with '${PRIVATE_LOCATION_PREFIX}', which only private locations' codes do; rename the public location`,
  });

/** The operator's public locations (api, scheduler, prober): the locations of a check that names none. */
export const publicLocationsEnv = { PUBLIC_LOCATIONS: publicLocationList.default(DEFAULT_LOCATION) };

/** Where this prober probes from. */
export const proberLocationEnv = {
  PROBER_LOCATION: Joi.string().pattern(LOCATION_NAME).default(DEFAULT_LOCATION).messages({
    'string.pattern.base': "{{#label}} must be a location name (lowercase letters, digits, '-', at most 32)",
  }),
};

export const mapPublicLocations = (v: Record<string, any>): string[] => [...new Set(splitList(v.PUBLIC_LOCATIONS))];
