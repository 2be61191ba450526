import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { cappedRetryAfterMs, expectSuccess, jsonBody } from '../../transport/http-response.js';
import { matrixEvent, matrixTxnId } from './message.js';

/**
 * PUT /_matrix/client/v3/rooms/{room}/send/m.room.message/{txnId} on the homeserver, with the
 * access token of the account that posts (it must have joined the room). A 429 says how long to
 * wait in `retry_after_ms` (Retry-After too, on newer homeservers).
 */
export function createMatrixSender(deps: Pick<SenderDeps, 'http' | 'clock'>): ChannelSender {
  return {
    async send({ notification, config, integration }) {
      const homeserver = requiredString(config, 'homeserver_url').replace(/\/+$/, '');
      const room = encodeURIComponent(requiredString(config, 'room_id'));
      const txn = matrixTxnId(integration.id, notification);
      const res = await deps.http({
        method: 'PUT',
        url: `${homeserver}/_matrix/client/v3/rooms/${room}/send/m.room.message/${txn}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${requiredString(config, 'access_token')}` },
        body: JSON.stringify(matrixEvent(notification)),
        guarded: true,
      });
      const waitMs = res.statusCode === 429 ? cappedRetryAfterMs(jsonBody(res.body)?.retry_after_ms) : null;
      return expectSuccess(res, deps.clock.now(), waitMs);
    },
  };
}
