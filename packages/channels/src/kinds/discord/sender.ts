import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { sendJson } from '../../transport/send-json.js';
import { discordMessage } from './message.js';

export function createDiscordSender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    send: ({ notification, config }) => sendJson(deps, { url: requiredString(config, 'webhook_url'), body: discordMessage(notification), guarded: true }),
  };
}
