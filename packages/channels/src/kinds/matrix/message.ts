import { createHash } from 'node:crypto';
import type { Notification } from '@upmon/core';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * An `m.room.message` event: the plain text as `body`, the same as HTML in `formatted_body`
 * (every value escaped), and an empty `m.mentions` so that words such as "@room" in a check's
 * name notify nobody (intentional mentions: no one is mentioned on purpose).
 */
export function matrixEvent(n: Notification): Record<string, unknown> {
  const fields = n.fields
    .filter((f) => f.label !== 'Acknowledge')
    .map((f) => `<li><strong>${escapeHtml(f.label)}:</strong> ${escapeHtml(f.value).replace(/\n/g, '<br>')}</li>`)
    .join('');
  const links = [`<a href="${escapeHtml(n.link)}">Open the check</a>`, ...(n.ackLink ? [`<a href="${escapeHtml(n.ackLink)}">Acknowledge</a>`] : [])].join(
    ' · ',
  );
  return {
    msgtype: 'm.text',
    body: n.text,
    format: 'org.matrix.custom.html',
    formatted_body: `<p><strong>${escapeHtml(n.subject)}</strong><br>${escapeHtml(n.headline)}</p><ul>${fields}</ul><p>${links}</p>`,
    'm.mentions': {},
  };
}

/**
 * The transaction id of a message: the same for every attempt at the same notification, so a
 * retry after a timeout whose request did arrive is recognised by the homeserver (which keeps
 * the event it already sent) instead of posting the alert twice.
 */
export function matrixTxnId(integrationId: number, n: Notification): string {
  const identity = [integrationId, n.checkId, n.event, n.status, n.at.toISOString(), n.subject].join('\n');
  return `upmon-${createHash('sha256').update(identity).digest('hex').slice(0, 32)}`;
}
