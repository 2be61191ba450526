import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredSetting, requiredString } from '../../format/config-values.js';
import { expectSuccess } from '../../transport/http-response.js';
import { smsText } from './message.js';

/** Twilio-compatible REST: form POST to /2010-04-01/Accounts/{sid}/Messages.json with basic auth (TWILIO_*: the operator's). */
export function createSmsSender(deps: Pick<SenderDeps, 'http' | 'clock' | 'providers'>): ChannelSender {
  const settings = deps.providers.twilio;
  return {
    async send({ notification, config }) {
      const to = requiredString(config, 'phone');
      const sid = requiredSetting(settings.accountSid, 'TWILIO_ACCOUNT_SID');
      const token = requiredSetting(settings.authToken, 'TWILIO_AUTH_TOKEN');
      const from = requiredSetting(settings.from, 'TWILIO_FROM');
      const res = await deps.http({
        url: `${settings.apiBase}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: from, Body: smsText(notification) }).toString(),
        guarded: false,
        username: sid,
        password: token,
      });
      return expectSuccess(res, deps.clock.now());
    },
  };
}
