import type { Notification } from '@upmon/core';
import { clip, clipBytes } from '../../format/clip.js';
import { defuseMentions } from '../../format/defuse-mentions.js';

/** Zulip's limits: message content 10,000 bytes, topic 60 characters. */
const CONTENT_MAX_BYTES = 10_000;
export const TOPIC_MAX = 60;

/** The topic a message goes to: the configured one, else the check's name (one topic per check). */
export function zulipTopic(n: Notification, configured: string | undefined): string {
  return clip(configured ?? n.checkName, TOPIC_MAX);
}

/** Zulip Markdown: the subject in bold, the headline, the fields, and the links; mentions in the words made inert. */
export function zulipContent(n: Notification): string {
  const fields = n.fields.filter((f) => f.label !== 'Acknowledge').map((f) => `**${f.label}:** ${defuseMentions(f.value).replace(/\n/g, '\n  ')}`);
  const links = [`[Open the check](${n.link})`, ...(n.ackLink ? [`[Acknowledge](${n.ackLink})`] : [])].join(' · ');
  const head = `**${defuseMentions(n.subject)}**\n${defuseMentions(n.headline)}\n\n`;
  const tail = `\n\n${links}`;
  return `${head}${clipBytes(fields.join('\n'), CONTENT_MAX_BYTES - Buffer.byteLength(head) - Buffer.byteLength(tail))}${tail}`;
}
