import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { optionalString, requiredString } from '../../format/config-values.js';
import { incidentAction, incidentKey } from '../../format/incident-action.js';
import { sendJson } from '../../transport/send-json.js';
import { opsgenieCloseAlert, opsgenieCreateAlert } from './message.js';

/**
 * Opsgenie's Alert API (US or EU endpoint by the account's region, OPSGENIE_API_URL /
 * OPSGENIE_EU_API_URL): create an alert while the check is down or late, close it, by alias,
 * when it is not. `Authorization: GenieKey <key of an API integration>`. Requests are processed
 * asynchronously: 202 means accepted.
 */
export function createOpsgenieSender(deps: Pick<SenderDeps, 'http' | 'clock' | 'providers'>): ChannelSender {
  return {
    async send({ notification: n, config }) {
      const base = optionalString(config, 'region') === 'eu' ? deps.providers.opsgenie.euApiUrl : deps.providers.opsgenie.usApiUrl;
      const headers = { authorization: `GenieKey ${requiredString(config, 'api_key')}` };
      const alias = incidentKey(n);
      if (incidentAction(n) === 'open') {
        return sendJson(deps, { url: `${base}/v2/alerts`, headers, body: opsgenieCreateAlert(n, alias), guarded: false });
      }
      return sendJson(deps, {
        url: `${base}/v2/alerts/${encodeURIComponent(alias)}/close?identifierType=alias`,
        headers,
        body: opsgenieCloseAlert(n),
        guarded: false,
      });
    },
  };
}
