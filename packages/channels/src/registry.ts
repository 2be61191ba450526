import type { IntegrationKind } from '@upmon/db';
import type { ChannelKind, ChannelSender, SenderDeps } from './channel-kind.js';
import { redactSecrets } from './format/redact-secrets.js';
import { asDeliveryError } from './transport/delivery-error.js';
import { discord } from './kinds/discord/index.js';
import { email } from './kinds/email/index.js';
import { googlechat } from './kinds/googlechat/index.js';
import { gotify } from './kinds/gotify/index.js';
import { matrix } from './kinds/matrix/index.js';
import { mattermost } from './kinds/mattermost/index.js';
import { msteams } from './kinds/msteams/index.js';
import { ntfy } from './kinds/ntfy/index.js';
import { opsgenie } from './kinds/opsgenie/index.js';
import { pagerduty } from './kinds/pagerduty/index.js';
import { pushover } from './kinds/pushover/index.js';
import { rocketchat } from './kinds/rocketchat/index.js';
import { slack } from './kinds/slack/index.js';
import { sms } from './kinds/sms/index.js';
import { telegram } from './kinds/telegram/index.js';
import { victorops } from './kinds/victorops/index.js';
import { webhook } from './kinds/webhook/index.js';
import { zulip } from './kinds/zulip/index.js';

/**
 * Every channel kind, one line each, in the order people are offered them. Adding a kind: a
 * folder in src/kinds/ (its schema, form fields, message, sender and tests), a line here, and
 * the value in the Prisma enum IntegrationKind (docs/notifications.md, "Adding a channel").
 */
export const CHANNEL_KINDS = [
  email,
  webhook,
  slack,
  msteams,
  discord,
  mattermost,
  googlechat,
  rocketchat,
  zulip,
  matrix,
  telegram,
  sms,
  pagerduty,
  opsgenie,
  victorops,
  pushover,
  ntfy,
  gotify,
] as const;

type ListedKind = (typeof CHANNEL_KINDS)[number]['kind'];
/** Compile-time check: every value of the Prisma enum has its folder here (and nothing else is listed). */
const everyKindListed: [Exclude<IntegrationKind, ListedKind>, Exclude<ListedKind, IntegrationKind>] extends [never, never] ? true : never = true;
void everyKindListed;

/** The kind names, as the API accepts them. */
export const KIND_NAMES: readonly IntegrationKind[] = CHANNEL_KINDS.map((k) => k.kind);

const byName = new Map<string, ChannelKind>(CHANNEL_KINDS.map((k) => [k.kind, k]));

/** The kind called `name`, or undefined (`name` may be anything a client sent). */
export function channelKind(name: unknown): ChannelKind | undefined {
  return typeof name === 'string' ? byName.get(name) : undefined;
}

export function isKindName(name: unknown): name is IntegrationKind {
  return channelKind(name) !== undefined;
}

/** The config keys of a kind that hold credentials (its `secret` form fields). */
export function secretFields(kind: ChannelKind): string[] {
  return kind.formFields.filter((f) => f.secret).map((f) => f.name);
}

/** What people who may not change an integration see in place of a secret field's value. */
export const MASKED_SECRET = '••••••••';

/** Longer than any URL a config schema accepts: not parsed, masked whole. */
const URL_MAX = 2048;

/**
 * A URL that is not secret (a self-hosted server's address) as people who may only read it see
 * it: its user-info and query, where a credential can hide (`https://u:pw@host/?token=…`), masked.
 */
function maskedUrl(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.length > URL_MAX || !URL.canParse(value)) return MASKED_SECRET;
  const u = new URL(value);
  const userInfo = u.username || u.password ? `${MASKED_SECRET}@` : '';
  const query = u.search ? `?${MASKED_SECRET}` : '';
  return `${u.protocol}//${userInfo}${u.host}${u.pathname}${query}`;
}

/**
 * The config as people who may only read the integration see it: the kind's form fields, each
 * secret one (that has a value) replaced by MASKED_SECRET, the other URLs without user-info and
 * query (maskedUrl); keys the form does not show are dropped.
 */
export function maskedConfig(kind: ChannelKind, config: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of kind.formFields) {
    const value = config[f.name];
    if (value === undefined || value === null || value === '') continue;
    out[f.name] = f.secret ? MASKED_SECRET : f.type === 'url' ? maskedUrl(value) : value;
  }
  return out;
}

export type ChannelSenders = Record<IntegrationKind, ChannelSender>;

/**
 * One sender per kind, all sending HTTP through `deps.http` and mail through `deps.mailer`. Every
 * failure leaves as a DeliveryError whose message carries no credential: the config's secret
 * fields and the operator's tokens are redacted from it (redact-secrets.ts).
 */
export function createChannelSenders(deps: SenderDeps): ChannelSenders {
  const operatorSecrets = [deps.providers.telegram.botToken, deps.providers.twilio.authToken];
  const senders = {} as ChannelSenders;
  for (const kind of CHANNEL_KINDS) {
    const sender = kind.createSender(deps);
    const secrets = secretFields(kind);
    senders[kind.kind] = {
      async send(message) {
        try {
          return await sender.send(message);
        } catch (err) {
          const own = secrets.map((f) => message.config[f]).filter((v): v is string => typeof v === 'string');
          throw redactSecrets(asDeliveryError(err), [...own, ...operatorSecrets]);
        }
      },
    };
  }
  return senders;
}
