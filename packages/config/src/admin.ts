import Joi from 'joi';
import { validateEnv, type Env } from './load-config.js';

export interface AdminConfig {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
}

const schema = Joi.object({
  DATABASE_URL: Joi.string().uri({ scheme: ['postgres', 'postgresql'] }).required(),
  REDIS_URL: Joi.string().uri({ scheme: ['redis', 'rediss'] }).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: Joi.string().pattern(/^[A-Za-z0-9_.-]+$/).default('upmon'),
});

export function loadAdminConfig(env: Env): AdminConfig {
  const v = validateEnv(schema, env) as Record<string, any>;
  return { databaseUrl: v.DATABASE_URL, redisUrl: v.REDIS_URL, redisPrefix: v.REDIS_PREFIX };
}
