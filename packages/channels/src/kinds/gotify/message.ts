import type { Notification, Severity } from '@upmon/core';

/** Gotify's clients: 8–10 high (sound and heads-up), 4–7 normal, 1–3 low. */
const PRIORITY: Record<Severity, number> = { critical: 8, warning: 5, ok: 5, info: 4 };

const mdEscape = (s: string) => s.replace(/([\\`*_[\]<>#|])/g, '\\$1');

/**
 * A Gotify message: the subject as title, Markdown text (fields and links; the words escaped so
 * a check name cannot add links or markup), priority by severity, and a click that opens the check.
 */
export function gotifyMessage(n: Notification): Record<string, unknown> {
  const fields = n.fields.filter((f) => f.label !== 'Acknowledge').map((f) => `**${f.label}:** ${mdEscape(f.value).replace(/\n/g, '  \n')}`);
  const links = [`[Open the check](${n.link})`, ...(n.ackLink ? [`[Acknowledge](${n.ackLink})`] : [])].join(' · ');
  return {
    title: n.subject,
    message: `${mdEscape(n.headline)}\n\n${fields.join('  \n')}\n\n${links}`,
    priority: PRIORITY[n.severity],
    extras: {
      'client::display': { contentType: 'text/markdown' },
      'client::notification': { click: { url: n.ackLink ?? n.link } },
    },
  };
}
