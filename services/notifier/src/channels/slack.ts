import type { Clock } from '@upmon/service-kit';
import type { HttpSend } from '../http/http-client.js';
import { expectSuccess } from '../http/http-response.js';
import type { Channel } from './channel.js';
import { attachmentFields } from './chat-fields.js';
import { requiredString } from './config-fields.js';

/** Slack's `<url|label>` link syntax needs `&`, `<` and `>` escaped in text. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Slack incoming webhook: `text` (shown in notifications) + one coloured legacy attachment. */
export function createSlackChannel(deps: { http: HttpSend; clock: Clock }): Channel {
  return {
    kind: 'slack',
    async send({ notification: n, config }) {
      const url = requiredString(config, 'webhook_url');
      const body = JSON.stringify({
        text: slackEscape(n.headline),
        attachments: [
          {
            fallback: slackEscape(n.subject),
            color: n.color,
            title: slackEscape(n.subject),
            title_link: n.link,
            fields: attachmentFields(n).map((f) => ({ ...f, value: slackEscape(f.value) })),
            footer: 'upmon',
            ts: Math.floor(n.at.getTime() / 1000),
          },
        ],
      });
      const res = await deps.http({ url, headers: { 'content-type': 'application/json' }, body, guarded: true });
      return expectSuccess(res, deps.clock.now());
    },
  };
}
