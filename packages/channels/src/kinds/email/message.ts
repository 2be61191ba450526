import type { Notification } from '@upmon/core';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Subject, plain text and a simple HTML part (every value escaped). */
export function emailMessage(n: Notification): { subject: string; text: string; html: string } {
  const rows = n.fields
    .map((f) => `<tr><th align="left" valign="top">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value).replace(/\n/g, '<br>')}</td></tr>`)
    .join('');
  const html = `<p style="border-left:4px solid ${n.color};padding-left:8px"><strong>${escapeHtml(n.headline)}</strong></p><table cellpadding="4">${rows}</table><p><a href="${escapeHtml(n.link)}">Open the check</a>${n.ackLink ? ` · <a href="${escapeHtml(n.ackLink)}">Acknowledge</a>` : ''}</p>`;
  return { subject: n.subject, text: n.text, html };
}
