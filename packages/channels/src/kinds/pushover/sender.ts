import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { integerOr, requiredString } from '../../format/config-values.js';
import type { HttpResponse } from '../../transport/http-client.js';
import { expectSuccess } from '../../transport/http-response.js';
import { EMERGENCY, endsOutage, pushoverMessage } from './message.js';

/**
 * Pushover's Messages API (PUSHOVER_API_URL): a form POST to /messages.json. With emergency
 * priority for outages, a recovery first cancels the outage's repeating alerts
 * (/receipts/cancel_by_tag/<check id>.json), then says it recovered.
 */
export function createPushoverSender(deps: Pick<SenderDeps, 'http' | 'clock' | 'providers'>): ChannelSender {
  const base = deps.providers.pushoverApiUrl;
  const postForm = (path: string, form: Record<string, string>): Promise<HttpResponse> =>
    deps.http({
      url: `${base}${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      guarded: false,
    });
  return {
    async send({ notification: n, config }) {
      const token = requiredString(config, 'app_token');
      const user = requiredString(config, 'user_key');
      const settings = {
        downPriority: integerOr(config, 'priority_down', -1, 2, 1),
        retrySec: integerOr(config, 'retry_sec', 30, 10_800, 300),
        expireSec: integerOr(config, 'expire_sec', 30, 10_800, 3600),
      };
      if (settings.downPriority === EMERGENCY && endsOutage(n) && n.event !== 'test') {
        expectSuccess(await postForm(`/receipts/cancel_by_tag/${encodeURIComponent(n.checkId)}.json`, { token }), deps.clock.now());
      }
      return expectSuccess(await postForm('/messages.json', { token, user, ...pushoverMessage(n, settings) }), deps.clock.now());
    },
  };
}
