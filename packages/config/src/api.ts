import Joi from 'joi';
import {
  commonEnv,
  encryptionEnv,
  mapEncryptionKeys,
  cidrList,
  mailEnv,
  mapCommon,
  mapMail,
  mapPublicLocations,
  publicLocationsEnv,
  splitList,
  type CommonConfig,
  type MailConfig,
} from './common.js';
import { validateEnv, type Env } from './load-config.js';

export interface ApiConfig extends CommonConfig, MailConfig {
  port: number;
  /** Newest first: the first encrypts, all decrypt (ENCRYPTION_KEYS, then ENCRYPTION_KEY). */
  encryptionKeys: string[];
  /** Operators' port: /metrics, /healthz, /readyz. Kept off the public port (docs/operations.md). */
  metricsPort: number;
  /** Ping base URLs, e.g. https://hc-ping.example.com; `ping_urls` has one URL per entry. */
  pingDomains: string[];
  /** CIDRs of reverse proxies: behind them the client is the rightmost X-Forwarded-For hop that is not one of them. */
  trustedProxies: string[];
  pingBodyLimitBytes: number;
  /** PING_COMMIT_INTERVAL_MS: least time between two ping transactions' starts (docs/pings.md). */
  pingCommitIntervalMs: number;
  pingRetention: number;
  apiBodyLimitBytes: number;
  telegramLinkBase: string;
  telegramBotUsername: string;
  telegramBotToken: string | undefined;
  telegramWebhookSecret: string | undefined;
  telegramApiBase: string;
  /** Whether anyone may sign up for an account in the web app (REGISTRATION_OPEN). */
  registrationOpen: boolean;
  /** How long a rendered public status page is served from memory (0: rendered for every view). */
  statusPageCacheMs: number;
  /** PUBLIC_LOCATIONS: the locations of a probed check that names none (docs/locations.md). */
  publicLocations: string[];
  /** OUTBOUND_ALLOW_CIDRS: private addresses the api may reach on a user's behalf (SSO discovery, metadata, JWKS, DNS). */
  outboundAllowCidrs: string[];
  /** SSO_ALLOW_HTTP: identity providers over plain http (tests and labs only; docs/sso.md). */
  ssoAllowHttp: boolean;
  /** SSO_DNS_RESOLVERS: the resolvers asked for domain verification records (empty: the system's). */
  ssoDnsResolvers: string[];
}

const schema = Joi.object({
  ...commonEnv,
  ...mailEnv,
  API_PORT: Joi.number().port().default(8000),
  API_METRICS_PORT: Joi.number().port().invalid(Joi.ref('API_PORT')).default(8004).messages({ 'any.invalid': '{{#label}} must differ from API_PORT' }),
  ...encryptionEnv(),
  PING_DOMAINS: Joi.string().default('http://localhost:8000'),
  TRUSTED_PROXIES: cidrList.allow('').default(''),
  PING_BODY_LIMIT_BYTES: Joi.number().integer().min(0).max(10_000_000).default(100_000),
  PING_RETENTION: Joi.number().integer().min(1).max(100_000).default(1000),
  PING_COMMIT_INTERVAL_MS: Joi.number().min(0).max(100).default(5),
  API_BODY_LIMIT_BYTES: Joi.number().integer().min(1024).max(10_000_000).default(256_000),
  TELEGRAM_LINK_BASE: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://t.me'),
  TELEGRAM_BOT_USERNAME: Joi.string().default('upmon_bot'),
  TELEGRAM_BOT_TOKEN: Joi.string(),
  TELEGRAM_WEBHOOK_SECRET: Joi.string().pattern(/^[A-Za-z0-9_-]{1,256}$/),
  TELEGRAM_API_BASE: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://api.telegram.org'),
  REGISTRATION_OPEN: Joi.boolean().truthy('1').falsy('0').default(true),
  STATUS_PAGE_CACHE_SEC: Joi.number().integer().min(0).max(300).default(10),
  ...publicLocationsEnv,
  OUTBOUND_ALLOW_CIDRS: cidrList.allow('').default(''),
  SSO_ALLOW_HTTP: Joi.boolean().truthy('1').falsy('0').default(false),
  SSO_DNS_RESOLVERS: Joi.string()
    .pattern(/^[0-9a-fA-F:.\[\],\s]*$/)
    .allow('')
    .default('')
    .messages({ 'string.pattern.base': '{{#label}} must be a comma-separated list of resolver addresses (ip, ip:port or [ipv6]:port)' }),
});

export function loadApiConfig(env: Env): ApiConfig {
  const v = validateEnv(schema, env) as Record<string, any>;
  const pingDomains = splitList(v.PING_DOMAINS).map((d) => d.replace(/\/+$/, ''));
  return {
    ...mapCommon(v),
    ...mapMail(v),
    port: v.API_PORT,
    encryptionKeys: mapEncryptionKeys(v),
    metricsPort: v.API_METRICS_PORT,
    pingDomains,
    trustedProxies: splitList(v.TRUSTED_PROXIES),
    pingBodyLimitBytes: v.PING_BODY_LIMIT_BYTES,
    pingCommitIntervalMs: v.PING_COMMIT_INTERVAL_MS,
    pingRetention: v.PING_RETENTION,
    apiBodyLimitBytes: v.API_BODY_LIMIT_BYTES,
    telegramLinkBase: v.TELEGRAM_LINK_BASE.replace(/\/+$/, ''),
    telegramBotUsername: v.TELEGRAM_BOT_USERNAME,
    telegramBotToken: v.TELEGRAM_BOT_TOKEN,
    telegramWebhookSecret: v.TELEGRAM_WEBHOOK_SECRET,
    telegramApiBase: v.TELEGRAM_API_BASE.replace(/\/+$/, ''),
    registrationOpen: v.REGISTRATION_OPEN,
    statusPageCacheMs: v.STATUS_PAGE_CACHE_SEC * 1000,
    publicLocations: mapPublicLocations(v),
    outboundAllowCidrs: splitList(v.OUTBOUND_ALLOW_CIDRS),
    ssoAllowHttp: v.SSO_ALLOW_HTTP,
    ssoDnsResolvers: splitList(v.SSO_DNS_RESOLVERS),
  };
}
