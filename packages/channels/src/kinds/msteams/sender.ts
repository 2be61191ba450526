import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { sendJson } from '../../transport/send-json.js';
import { teamsMessage } from './message.js';

/** POST the card to the webhook URL the channel's workflow gave (202 from Workflows, 200 from legacy webhooks). */
export function createTeamsSender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    send: ({ notification, config }) => sendJson(deps, { url: requiredString(config, 'webhook_url'), body: teamsMessage(notification), guarded: true }),
  };
}
