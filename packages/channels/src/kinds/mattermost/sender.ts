import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { sendJson } from '../../transport/send-json.js';
import { mattermostMessage } from './message.js';

export function createMattermostSender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    send: ({ notification, config }) => sendJson(deps, { url: requiredString(config, 'webhook_url'), body: mattermostMessage(notification), guarded: true }),
  };
}
