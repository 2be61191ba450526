import type { Clock } from '@upmon/service-kit';
import type { HttpSend } from '../http/http-client.js';
import { expectSuccess } from '../http/http-response.js';
import type { Channel } from './channel.js';
import { requiredSetting, requiredString } from './config-fields.js';

export interface SmsSettings {
  apiBase: string;
  accountSid: string | undefined;
  authToken: string | undefined;
  from: string | undefined;
}

/** Two SMS segments at most: enough for the subject, the reason and the link. */
const SMS_MAX = 320;

/** Twilio-compatible REST: form POST to /2010-04-01/Accounts/{sid}/Messages.json with basic auth. */
export function createSmsChannel(deps: { http: HttpSend; clock: Clock; settings: SmsSettings }): Channel {
  return {
    kind: 'sms',
    async send({ notification: n, config }) {
      const to = requiredString(config, 'phone');
      const sid = requiredSetting(deps.settings.accountSid, 'TWILIO_ACCOUNT_SID');
      const token = requiredSetting(deps.settings.authToken, 'TWILIO_AUTH_TOKEN');
      const from = requiredSetting(deps.settings.from, 'TWILIO_FROM');
      const text = n.short.length > SMS_MAX ? `${n.short.slice(0, SMS_MAX - 1)}…` : n.short;
      const body = new URLSearchParams({ To: to, From: from, Body: text }).toString();
      const res = await deps.http({
        url: `${deps.settings.apiBase}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        guarded: false,
        username: sid,
        password: token,
      });
      return expectSuccess(res, deps.clock.now());
    },
  };
}
