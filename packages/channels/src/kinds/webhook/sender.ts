import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { optionalString, requiredString } from '../../format/config-values.js';
import { expectSuccess } from '../../transport/http-response.js';
import { webhookBody, webhookSignature } from './message.js';

/** POST to the user's URL: the template's body (or every placeholder as JSON), signed when there is a secret. */
export function createWebhookSender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    async send({ notification, config }) {
      const url = requiredString(config, 'url');
      const contentType = optionalString(config, 'content_type') ?? 'application/json';
      const body = webhookBody(notification, contentType, optionalString(config, 'body_template'));
      const headers: Record<string, string> = { 'content-type': contentType };
      const secret = optionalString(config, 'secret');
      const now = deps.clock.now();
      if (secret) headers['x-signature'] = webhookSignature(secret, Math.floor(now.getTime() / 1000), body);
      const res = await deps.http({ url, headers, body, guarded: true });
      return expectSuccess(res, now);
    },
  };
}
