import type { Notification } from '@upmon/core';
import { attachmentFields } from '../../format/chat-fields.js';
import { defuseMentions } from '../../format/defuse-mentions.js';

/**
 * An incoming-webhook message: Markdown `text` with the links, and a coloured attachment with
 * the headline and the fields; `@all`, `@here` and names in the words made inert.
 */
export function rocketChatMessage(n: Notification): Record<string, unknown> {
  const links = [`[Open the check](${n.link})`, ...(n.ackLink ? [`[Acknowledge](${n.ackLink})`] : [])].join(' · ');
  return {
    alias: 'upmon',
    text: `*${defuseMentions(n.subject)}* · ${links}`,
    attachments: [
      {
        title: defuseMentions(n.subject),
        title_link: n.link,
        text: defuseMentions(n.headline),
        color: n.color,
        fields: attachmentFields(n).map((f) => ({ ...f, value: defuseMentions(f.value) })),
        ts: n.at.toISOString(),
      },
    ],
  };
}
