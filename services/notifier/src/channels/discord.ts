import type { Clock } from '@upmon/service-kit';
import type { HttpSend } from '../http/http-client.js';
import { expectSuccess } from '../http/http-response.js';
import type { Channel } from './channel.js';
import { requiredString } from './config-fields.js';

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Discord webhook: `content` + one embed (colour as an integer); mentions disabled. */
export function createDiscordChannel(deps: { http: HttpSend; clock: Clock }): Channel {
  return {
    kind: 'discord',
    async send({ notification: n, config }) {
      const url = requiredString(config, 'webhook_url');
      const body = JSON.stringify({
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
      });
      const res = await deps.http({ url, headers: { 'content-type': 'application/json' }, body, guarded: true });
      return expectSuccess(res, deps.clock.now());
    },
  };
}
