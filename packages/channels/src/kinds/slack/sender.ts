import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { sendJson } from '../../transport/send-json.js';
import { slackMessage } from './message.js';

export function createSlackSender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    send: ({ notification, config }) => sendJson(deps, { url: requiredString(config, 'webhook_url'), body: slackMessage(notification), guarded: true }),
  };
}
