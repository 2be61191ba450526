import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { optionalString, requiredString } from '../../format/config-values.js';
import { sendJson } from '../../transport/send-json.js';
import { ntfyMessage } from './message.js';

/** Publishes as JSON to the server's root URL, with the access token as a bearer token when there is one. */
export function createNtfySender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    send: ({ notification, config }) => {
      const server = requiredString(config, 'server_url').replace(/\/+$/, '');
      const token = optionalString(config, 'token');
      return sendJson(deps, {
        url: `${server}/`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        body: ntfyMessage(notification, requiredString(config, 'topic')),
        guarded: true,
      });
    },
  };
}
