import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { sendJson } from '../../transport/send-json.js';
import { pagerDutyEvent } from './message.js';

/** Events API v2 at PAGERDUTY_EVENTS_URL (the operator's setting: not guarded). */
export function createPagerDutySender(deps: Pick<SenderDeps, 'http' | 'clock' | 'providers'>): ChannelSender {
  return {
    send: ({ notification, config }) =>
      sendJson(deps, { url: deps.providers.pagerdutyEventsUrl, body: pagerDutyEvent(notification, requiredString(config, 'routing_key')), guarded: false }),
  };
}
