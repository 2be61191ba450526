import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { permanentError } from '../../transport/delivery-error.js';
import { sendJson } from '../../transport/send-json.js';
import { googleChatMessage, threadedUrl } from './message.js';

/** POST to the space's webhook URL (its key and token are in the query). */
export function createGoogleChatSender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    async send({ notification, config }) {
      let url: string;
      try {
        url = threadedUrl(requiredString(config, 'webhook_url'));
      } catch (err) {
        if (err instanceof TypeError) throw permanentError('invalid URL');
        throw err;
      }
      return sendJson(deps, { url, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: googleChatMessage(notification), guarded: true });
    },
  };
}
