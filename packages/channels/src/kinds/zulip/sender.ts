import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { optionalString, requiredString } from '../../format/config-values.js';
import { expectSuccess } from '../../transport/http-response.js';
import { zulipContent, zulipTopic } from './message.js';

/** POST {site}/api/v1/messages as the bot (basic auth: bot e-mail and API key), a stream message to the stream and topic. */
export function createZulipSender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    async send({ notification, config }) {
      const site = requiredString(config, 'site_url').replace(/\/+$/, '');
      const form = new URLSearchParams({
        type: 'stream',
        to: requiredString(config, 'stream'),
        topic: zulipTopic(notification, optionalString(config, 'topic')),
        content: zulipContent(notification),
      });
      const res = await deps.http({
        url: `${site}/api/v1/messages`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        guarded: true,
        username: requiredString(config, 'bot_email'),
        password: requiredString(config, 'api_key'),
      });
      return expectSuccess(res, deps.clock.now());
    },
  };
}
