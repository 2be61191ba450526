import type { Notification } from '@upmon/core';
import { clip } from '../../format/clip.js';

/** Webhook JSON: `content` + one embed (colour as an integer); mentions disabled. */
export function discordMessage(n: Notification): Record<string, unknown> {
  return {
    content: clip(n.headline, 2000),
    // A check name such as "@everyone" must not ping a whole server.
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: clip(n.subject, 256),
        url: n.link,
        description: clip(n.headline, 4096),
        color: Number.parseInt(n.color.slice(1), 16),
        fields: n.fields.slice(0, 25).map((f) => ({ name: clip(f.label, 256), value: clip(f.value, 1024), inline: f.value.length <= 40 })),
        timestamp: n.at.toISOString(),
        footer: { text: 'upmon' },
      },
    ],
  };
}
