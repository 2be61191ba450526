import Joi from 'joi';
import { httpUrl } from './common.js';
import { validateEnv, type Env } from './load-config.js';

/**
 * A private location's prober (PROBER_MODE=remote, docs/locations.md): it knows the api's URL and
 * its location key, nothing else (no database, no Redis, no encryption keys), and probes without
 * the outbound guard: the network it runs in, and what it may reach, are the customer's.
 */
export interface RemoteProberConfig {
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  shutdownTimeoutMs: number;
  httpHost: string;
  /** /healthz, /readyz and /metrics, for the customer's orchestrator. */
  port: number;
  /** Base URL of upmon (https://upmon.example.com): the prober asks `<apiUrl>/api/v1/prober/…`. */
  apiUrl: string;
  locationKey: string;
  concurrency: number;
  userAgent: string;
  /** Seconds a long poll waits for due probes (the api answers sooner when some are due). */
  pollWaitSec: number;
}

/** PROBER_MODE: `local` (the default: a public location's prober, on the queue) or `remote`. */
export function proberModeOf(env: Env): 'local' | 'remote' {
  return env.PROBER_MODE === 'remote' ? 'remote' : 'local';
}

/** Hosts a plain http:// UPMON_API_URL may name: the location key must never cross a network in clear. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * UPMON_API_URL: https, or http to a loopback address only (a TLS-terminating proxy beside the
 * prober): every request carries the location key, which must not travel in clear.
 */
const apiUrl = httpUrl
  .max(2000)
  .custom((value: string, helpers) => {
    const url = new URL(value);
    return url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname) ? helpers.error('string.insecureApiUrl') : value;
  })
  .messages({
    'string.insecureApiUrl':
      '{{#label}} must be https:// (every request carries the location key); plain http:// only to a loopback address (localhost, 127.0.0.1, [::1]), such as a TLS-terminating proxy beside the prober',
  });

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('production'),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  SHUTDOWN_TIMEOUT_MS: Joi.number().integer().min(100).max(600_000).default(25_000),
  HTTP_HOST: Joi.string().default('0.0.0.0'),
  PROBER_PORT: Joi.number().port().default(8002),
  PROBER_MODE: Joi.string().valid('remote').required(),
  UPMON_API_URL: apiUrl.required(),
  PROBER_LOCATION_KEY: Joi.string()
    .pattern(/^upl_[A-Za-z0-9_-]{22,64}$/)
    .required()
    .messages({ 'string.pattern.base': '{{#label}} must be a location key (upl_…), as shown when the location was created' }),
  PROBER_CONCURRENCY: Joi.number().integer().min(1).max(1000).default(20),
  PROBER_USER_AGENT: Joi.string().max(200).default('upmon-prober/1.0'),
  PROBER_POLL_WAIT_SEC: Joi.number().integer().min(1).max(30).default(25),
});

export function loadRemoteProberConfig(env: Env): RemoteProberConfig {
  const v = validateEnv(schema, env) as Record<string, any>;
  return {
    nodeEnv: v.NODE_ENV,
    logLevel: v.LOG_LEVEL,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    httpHost: v.HTTP_HOST,
    port: v.PROBER_PORT,
    apiUrl: String(v.UPMON_API_URL).replace(/\/+$/, ''),
    locationKey: v.PROBER_LOCATION_KEY,
    concurrency: v.PROBER_CONCURRENCY,
    userAgent: v.PROBER_USER_AGENT,
    pollWaitSec: v.PROBER_POLL_WAIT_SEC,
  };
}
