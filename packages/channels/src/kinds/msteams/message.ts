import type { Notification, Severity } from '@upmon/core';
import { clip } from '../../format/clip.js';

/** Adaptive Card text colours by severity. */
const COLORS: Record<Severity, string> = { critical: 'Attention', warning: 'Warning', ok: 'Good', info: 'Default' };

/** Teams refuses a message over 28 KB; the facts are what can grow (a digest's held events). */
const FACT_VALUE_MAX = 2000;

/**
 * The message a Teams Workflows webhook (and a legacy incoming webhook) posts to the channel: one
 * Adaptive Card attachment with the subject, the headline, the fields as facts, and buttons that
 * open the check and, on alerts of an outage, acknowledge it.
 */
export function teamsMessage(n: Notification): Record<string, unknown> {
  const facts = n.fields.filter((f) => f.label !== 'Acknowledge').map((f) => ({ title: f.label, value: clip(f.value, FACT_VALUE_MAX) }));
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          msteams: { width: 'Full' },
          body: [
            { type: 'TextBlock', text: n.subject, weight: 'Bolder', size: 'Medium', color: COLORS[n.severity], wrap: true },
            { type: 'TextBlock', text: n.headline, wrap: true },
            { type: 'FactSet', facts },
          ],
          actions: [
            { type: 'Action.OpenUrl', title: 'Open the check', url: n.link },
            ...(n.ackLink ? [{ type: 'Action.OpenUrl', title: 'Acknowledge', url: n.ackLink }] : []),
          ],
        },
      },
    ],
  };
}
