import type { Mailer } from '@upmon/mailer';
import type { Clock } from '@upmon/service-kit';
import type { HttpSend } from '../http/http-client.js';
import type { ChannelRegistry } from './channel.js';
import { createDiscordChannel } from './discord.js';
import { createEmailChannel } from './email.js';
import { createMattermostChannel } from './mattermost.js';
import { createPagerDutyChannel } from './pagerduty.js';
import { createSlackChannel } from './slack.js';
import { createSmsChannel, type SmsSettings } from './sms.js';
import { createTelegramChannel } from './telegram.js';
import { createWebhookChannel } from './webhook.js';

export interface ChannelSettings {
  sms: SmsSettings;
  pagerdutyEventsUrl: string;
  telegramApiBase: string;
  telegramBotToken: string | undefined;
}

/** One channel per integration kind, all sending HTTP through `http` and mail through `mailer`. */
export function createChannels(deps: { http: HttpSend; mailer: Mailer; clock: Clock; settings: ChannelSettings }): ChannelRegistry {
  const { http, clock, settings } = deps;
  return {
    email: createEmailChannel(deps.mailer),
    webhook: createWebhookChannel({ http, clock }),
    slack: createSlackChannel({ http, clock }),
    mattermost: createMattermostChannel({ http, clock }),
    discord: createDiscordChannel({ http, clock }),
    pagerduty: createPagerDutyChannel({ http, clock, eventsUrl: settings.pagerdutyEventsUrl }),
    sms: createSmsChannel({ http, clock, settings: settings.sms }),
    telegram: createTelegramChannel({ http, clock, apiBase: settings.telegramApiBase, botToken: settings.telegramBotToken }),
  };
}
