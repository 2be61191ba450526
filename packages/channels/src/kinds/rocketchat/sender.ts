import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { permanentError } from '../../transport/delivery-error.js';
import { expectSuccess, jsonBody, providerMessage } from '../../transport/http-response.js';
import { rocketChatMessage } from './message.js';

/**
 * POST to the incoming webhook's URL (its token is in the path). Rocket.Chat answers
 * `{success: true}`; a 2xx saying `success: false` (a script that refused it) is a failure too.
 */
export function createRocketChatSender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    async send({ notification, config }) {
      const res = await deps.http({
        url: requiredString(config, 'webhook_url'),
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rocketChatMessage(notification)),
        guarded: true,
      });
      const outcome = expectSuccess(res, deps.clock.now());
      if (jsonBody(res.body)?.success === false) throw permanentError(`Rocket.Chat refused the message: ${providerMessage(res.body)}`, res.statusCode);
      return outcome;
    },
  };
}
