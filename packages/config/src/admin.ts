import Joi from 'joi';
import { encryptionEnv, httpUrl, mapEncryptionKeys } from './common.js';
import { validateEnv, type Env } from './load-config.js';

export interface AdminConfig {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Base URL of the web app, for the links `user create` prints. */
  appBaseUrl: string;
  /** Newest first; empty when neither ENCRYPTION_KEYS nor ENCRYPTION_KEY is set. */
  encryptionKeys: string[];
}

const schema = Joi.object({
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .required(),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: Joi.string()
    .pattern(/^[A-Za-z0-9_.-]+$/)
    .default('upmon'),
  APP_BASE_URL: httpUrl.default('http://localhost:8000'),
  ...encryptionEnv(false),
});

export function loadAdminConfig(env: Env): AdminConfig {
  const v = validateEnv(schema, env) as Record<string, any>;
  return {
    databaseUrl: v.DATABASE_URL,
    redisUrl: v.REDIS_URL,
    redisPrefix: v.REDIS_PREFIX,
    appBaseUrl: v.APP_BASE_URL.replace(/\/+$/, ''),
    encryptionKeys: mapEncryptionKeys(v),
  };
}
