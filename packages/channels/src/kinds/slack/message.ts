import type { Notification } from '@upmon/core';
import { attachmentFields } from '../../format/chat-fields.js';

/** Slack's `<url|label>` link syntax needs `&`, `<` and `>` escaped in text. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Incoming-webhook JSON: `text` (shown in notifications) + one coloured legacy attachment. */
export function slackMessage(n: Notification): Record<string, unknown> {
  return {
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
  };
}
