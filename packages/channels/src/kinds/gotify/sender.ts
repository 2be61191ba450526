import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { sendJson } from '../../transport/send-json.js';
import { gotifyMessage } from './message.js';

/** POST {server}/message with the application's token in X-Gotify-Key (a header, so it stays out of URLs and access logs). */
export function createGotifySender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    send: ({ notification, config }) =>
      sendJson(deps, {
        url: `${requiredString(config, 'server_url').replace(/\/+$/, '')}/message`,
        headers: { 'x-gotify-key': requiredString(config, 'app_token') },
        body: gotifyMessage(notification),
        guarded: true,
      }),
  };
}
