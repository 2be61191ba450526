import Joi from 'joi';
import {
  commonEnv,
  encryptionEnv,
  mapEncryptionKeys,
  cidrList,
  httpUrl,
  mailEnv,
  mapCommon,
  mapMail,
  splitList,
  type CommonConfig,
  type MailConfig,
} from './common.js';
import { validateEnv, type Env } from './load-config.js';

/**
 * The notifier's provider settings: the endpoints of providers with a fixed host (configurable,
 * so tests and egress proxies can stand in for them; not passed through the outbound guard, since
 * the operator chose them) and the operator's credentials (Telegram bot, Twilio account).
 */
export interface ProviderSettings {
  pagerdutyEventsUrl: string;
  telegram: { apiBase: string; botToken: string | undefined };
  twilio: { apiBase: string; accountSid: string | undefined; authToken: string | undefined; from: string | undefined };
  /** Opsgenie's Alert API, by the region of the customer's account (`/v2/alerts` follows). */
  opsgenie: { usApiUrl: string; euApiUrl: string };
  /** Splunk On-Call's REST endpoint, up to (not including) `/<api key>/<routing key>`. */
  victoropsRestUrl: string;
  /** Pushover's API, up to (not including) `/messages.json`. */
  pushoverApiUrl: string;
}

export interface NotifierConfig extends CommonConfig, MailConfig {
  port: number;
  /** Newest first: the first encrypts, all decrypt (ENCRYPTION_KEYS, then ENCRYPTION_KEY). */
  encryptionKeys: string[];
  concurrency: number;
  outboundAllowCidrs: string[];
  /** Where the providers with a fixed host are reached, and the operator's own provider credentials. */
  providers: ProviderSettings;
  /** First retry delay of a failed delivery; each retry doubles it (15 s → ~1 h over 8 retries). */
  retryBaseMs: number;
  /** Timeout of one provider request (webhooks: 10 s, docs/design.md). */
  httpTimeoutMs: number;
  /**
   * How long a job may go without a heartbeat from its worker before another worker takes it
   * over (BullMQ lock duration and stalled-check interval): bounds the delay after a crash.
   */
  stallTimeoutMs: number;
  /** Flips claimed from PostgreSQL per fan-out transaction. */
  fanOutBatchSize: number;
  /** The fan-out looks for waiting flips at least this often (NOTIFY wakes it sooner). */
  fanOutPollMs: number;
}

const schema = Joi.object({
  ...commonEnv,
  NOTIFIER_PORT: Joi.number().port().default(8003),
  ...encryptionEnv(),
  // Deliveries mostly wait on the network (up to the 10 s timeout): a high default keeps one
  // slow receiver from holding every slot, and gives the micro-batched SQL bigger batches.
  NOTIFIER_CONCURRENCY: Joi.number().integer().min(1).max(1000).default(200),
  OUTBOUND_ALLOW_CIDRS: cidrList.allow('').default(''),
  ...mailEnv,
  TELEGRAM_API_BASE: httpUrl.default('https://api.telegram.org'),
  TELEGRAM_BOT_TOKEN: Joi.string(),
  TWILIO_API_BASE: httpUrl.default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: Joi.string(),
  TWILIO_AUTH_TOKEN: Joi.string(),
  TWILIO_FROM: Joi.string(),
  PAGERDUTY_EVENTS_URL: httpUrl.default('https://events.pagerduty.com/v2/enqueue'),
  OPSGENIE_API_URL: httpUrl.default('https://api.opsgenie.com'),
  OPSGENIE_EU_API_URL: httpUrl.default('https://api.eu.opsgenie.com'),
  VICTOROPS_REST_URL: httpUrl.default('https://alert.victorops.com/integrations/generic/20131114/alert'),
  PUSHOVER_API_URL: httpUrl.default('https://api.pushover.net/1'),
  NOTIFIER_RETRY_BASE_MS: Joi.number().integer().min(10).max(3_600_000).default(15_000),
  NOTIFIER_HTTP_TIMEOUT_MS: Joi.number().integer().min(100).max(120_000).default(10_000),
  NOTIFIER_STALL_TIMEOUT_MS: Joi.number().integer().min(500).max(600_000).default(30_000),
  NOTIFIER_FAN_OUT_BATCH: Joi.number().integer().min(1).max(10_000).default(500),
  NOTIFIER_FAN_OUT_POLL_MS: Joi.number().integer().min(10).max(60_000).default(1_000),
});

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

export function loadNotifierConfig(env: Env): NotifierConfig {
  const v = validateEnv(schema, env) as Record<string, any>;
  return {
    ...mapCommon(v),
    port: v.NOTIFIER_PORT,
    encryptionKeys: mapEncryptionKeys(v),
    concurrency: v.NOTIFIER_CONCURRENCY,
    outboundAllowCidrs: splitList(v.OUTBOUND_ALLOW_CIDRS),
    ...mapMail(v),
    providers: {
      pagerdutyEventsUrl: v.PAGERDUTY_EVENTS_URL,
      telegram: { apiBase: trimSlashes(v.TELEGRAM_API_BASE), botToken: v.TELEGRAM_BOT_TOKEN },
      twilio: { apiBase: trimSlashes(v.TWILIO_API_BASE), accountSid: v.TWILIO_ACCOUNT_SID, authToken: v.TWILIO_AUTH_TOKEN, from: v.TWILIO_FROM },
      opsgenie: { usApiUrl: trimSlashes(v.OPSGENIE_API_URL), euApiUrl: trimSlashes(v.OPSGENIE_EU_API_URL) },
      victoropsRestUrl: trimSlashes(v.VICTOROPS_REST_URL),
      pushoverApiUrl: trimSlashes(v.PUSHOVER_API_URL),
    },
    retryBaseMs: v.NOTIFIER_RETRY_BASE_MS,
    httpTimeoutMs: v.NOTIFIER_HTTP_TIMEOUT_MS,
    stallTimeoutMs: v.NOTIFIER_STALL_TIMEOUT_MS,
    fanOutBatchSize: v.NOTIFIER_FAN_OUT_BATCH,
    fanOutPollMs: v.NOTIFIER_FAN_OUT_POLL_MS,
  };
}
