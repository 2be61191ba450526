import type { Notification, Severity } from '@upmon/core';
import { clip, clipBytes } from '../../format/clip.js';

/** ntfy turns a message over 4,096 bytes into an attachment: stay under it. */
const MESSAGE_MAX_BYTES = 4000;
const TITLE_MAX = 250;

/** Priority by what the message reports: 5 (max) for an outage, 4 (high) late, 3 (default) otherwise. */
const PRIORITY: Record<Severity, number> = { critical: 5, warning: 4, ok: 3, info: 3 };
/** Tags ntfy shows as emoji before the title. */
const TAG: Record<Severity, string> = { critical: 'rotating_light', warning: 'warning', ok: 'white_check_mark', info: 'information_source' };

/**
 * A JSON publish: the topic, title and plain text, the priority and an emoji tag by severity, a
 * click that opens the check, and an "Acknowledge" action button on alerts of an outage.
 */
export function ntfyMessage(n: Notification, topic: string): Record<string, unknown> {
  return {
    topic,
    title: clip(n.subject, TITLE_MAX),
    message: clipBytes(n.text, MESSAGE_MAX_BYTES),
    priority: PRIORITY[n.severity],
    tags: [TAG[n.severity]],
    click: n.link,
    actions: [
      ...(n.ackLink ? [{ action: 'view', label: 'Acknowledge', url: n.ackLink, clear: true }] : []),
      { action: 'view', label: 'Open the check', url: n.link },
    ],
  };
}
