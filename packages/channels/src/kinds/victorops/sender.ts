import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { incidentKey } from '../../format/incident-action.js';
import { sendJson } from '../../transport/send-json.js';
import { victorOpsAlert } from './message.js';

/** POST {VICTOROPS_REST_URL}/{api key}/{routing key} (the key is in the path: never in a message, see redact-secrets.ts). */
export function createVictorOpsSender(deps: Pick<SenderDeps, 'http' | 'clock' | 'providers'>): ChannelSender {
  return {
    send: ({ notification, config }) => {
      const url = `${deps.providers.victoropsRestUrl}/${encodeURIComponent(requiredString(config, 'api_key'))}/${encodeURIComponent(requiredString(config, 'routing_key'))}`;
      return sendJson(deps, { url, body: victorOpsAlert(notification, incidentKey(notification)), guarded: false });
    },
  };
}
