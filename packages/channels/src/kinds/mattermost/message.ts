import type { Notification } from '@upmon/core';
import { attachmentFields } from '../../format/chat-fields.js';

/**
 * Incoming-webhook JSON: Markdown `text` with the link, and a coloured attachment whose `text`
 * carries the headline (Mattermost renders attachment Markdown, Slack's legacy ones not).
 */
export function mattermostMessage(n: Notification): Record<string, unknown> {
  return {
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
  };
}
