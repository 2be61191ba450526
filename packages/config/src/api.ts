import Joi from 'joi';
import { commonEnv, encryptionKey, cidrList, mapCommon, splitList, type CommonConfig } from './common.js';
import { validateEnv, type Env } from './load-config.js';

export interface ApiConfig extends CommonConfig {
  port: number;
  encryptionKey: string;
  /** Ping base URLs, e.g. https://hc-ping.example.com; `ping_urls` has one URL per entry. */
  pingDomains: string[];
  /** CIDRs of reverse proxies whose first X-Forwarded-For hop is trusted as the source IP. */
  trustedProxies: string[];
  pingBodyLimitBytes: number;
  pingRetention: number;
  apiBodyLimitBytes: number;
  telegramLinkBase: string;
  telegramBotUsername: string;
  telegramBotToken: string | undefined;
  telegramWebhookSecret: string | undefined;
  telegramApiBase: string;
}

const schema = Joi.object({
  ...commonEnv,
  API_PORT: Joi.number().port().default(8000),
  ENCRYPTION_KEY: encryptionKey.required(),
  PING_DOMAINS: Joi.string().default('http://localhost:8000'),
  TRUSTED_PROXIES: cidrList.allow('').default(''),
  PING_BODY_LIMIT_BYTES: Joi.number().integer().min(0).max(10_000_000).default(100_000),
  PING_RETENTION: Joi.number().integer().min(1).max(100_000).default(1000),
  API_BODY_LIMIT_BYTES: Joi.number().integer().min(1024).max(10_000_000).default(256_000),
  TELEGRAM_LINK_BASE: Joi.string().uri({ scheme: ['http', 'https'] }).default('https://t.me'),
  TELEGRAM_BOT_USERNAME: Joi.string().default('upmon_bot'),
  TELEGRAM_BOT_TOKEN: Joi.string(),
  TELEGRAM_WEBHOOK_SECRET: Joi.string().pattern(/^[A-Za-z0-9_-]{1,256}$/),
  TELEGRAM_API_BASE: Joi.string().uri({ scheme: ['http', 'https'] }).default('https://api.telegram.org'),
});

export function loadApiConfig(env: Env): ApiConfig {
  const v = validateEnv(schema, env) as Record<string, any>;
  const pingDomains = splitList(v.PING_DOMAINS).map((d) => d.replace(/\/+$/, ''));
  return {
    ...mapCommon(v),
    port: v.API_PORT,
    encryptionKey: v.ENCRYPTION_KEY,
    pingDomains,
    trustedProxies: splitList(v.TRUSTED_PROXIES),
    pingBodyLimitBytes: v.PING_BODY_LIMIT_BYTES,
    pingRetention: v.PING_RETENTION,
    apiBodyLimitBytes: v.API_BODY_LIMIT_BYTES,
    telegramLinkBase: v.TELEGRAM_LINK_BASE.replace(/\/+$/, ''),
    telegramBotUsername: v.TELEGRAM_BOT_USERNAME,
    telegramBotToken: v.TELEGRAM_BOT_TOKEN,
    telegramWebhookSecret: v.TELEGRAM_WEBHOOK_SECRET,
    telegramApiBase: v.TELEGRAM_API_BASE.replace(/\/+$/, ''),
  };
}
