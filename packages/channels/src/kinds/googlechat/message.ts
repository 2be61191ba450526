import type { Notification } from '@upmon/core';
import { clip } from '../../format/clip.js';
import { defuseMentions } from '../../format/defuse-mentions.js';

/** Google Chat takes up to 4,096 characters of text per message. */
const TEXT_MAX = 4096;

/**
 * A space webhook message in Chat's markup (`*bold*`, `<url|label>` links): the subject, the
 * headline, the fields, and the links, mention markup in the words made inert. All the messages
 * of one check go to one thread (threadKey), so an outage and its recovery read together.
 */
export function googleChatMessage(n: Notification): Record<string, unknown> {
  const fields = n.fields.filter((f) => f.label !== 'Acknowledge').map((f) => `*${f.label}:* ${defuseMentions(f.value)}`);
  const links = [`<${n.link}|Open the check>`, ...(n.ackLink ? [`<${n.ackLink}|Acknowledge>`] : [])].join(' · ');
  const head = `*${defuseMentions(n.subject)}*\n${defuseMentions(n.headline)}\n\n`;
  return {
    text: `${head}${clip(fields.join('\n'), TEXT_MAX - head.length - links.length - 2)}\n\n${links}`,
    thread: { threadKey: `upmon-${n.checkId}` },
  };
}

/** The webhook URL asking Chat to reply in the thread of the threadKey (a new thread the first time). */
export function threadedUrl(webhookUrl: string): string {
  const url = new URL(webhookUrl);
  url.searchParams.set('messageReplyOption', 'REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD');
  return url.toString();
}
