import type { Clock } from '@upmon/service-kit';
import type { HttpSend } from '../http/http-client.js';
import { expectSuccess } from '../http/http-response.js';
import type { Channel } from './channel.js';
import { attachmentFields } from './chat-fields.js';
import { requiredString } from './config-fields.js';

/**
 * Mattermost incoming webhook: Markdown `text` with the link, and a coloured attachment whose
 * `text` carries the headline (Mattermost renders attachment Markdown, Slack's legacy ones not).
 */
export function createMattermostChannel(deps: { http: HttpSend; clock: Clock }): Channel {
  return {
    kind: 'mattermost',
    async send({ notification: n, config }) {
      const url = requiredString(config, 'webhook_url');
      const body = JSON.stringify({
        username: 'upmon',
        text: `**${n.subject}** · [open check](${n.link})`,
        attachments: [
          {
            fallback: n.subject,
            color: n.color,
            title: n.subject,
            title_link: n.link,
            text: n.headline,
            fields: attachmentFields(n),
            footer: 'upmon',
          },
        ],
      });
      const res = await deps.http({ url, headers: { 'content-type': 'application/json' }, body, guarded: true });
      return expectSuccess(res, deps.clock.now());
    },
  };
}
