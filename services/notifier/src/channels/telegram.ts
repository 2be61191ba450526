import { telegramSendMessage } from '@upmon/core';
import type { Clock } from '@upmon/service-kit';
import { permanentError } from '../delivery-error.js';
import type { HttpSend } from '../http/http-client.js';
import { expectSuccess } from '../http/http-response.js';
import type { Channel } from './channel.js';
import { requiredSetting } from './config-fields.js';

/** Telegram puts the wait of a 429 in the body (`parameters.retry_after`, seconds). */
function telegramRetryAfterMs(body: string): number | null {
  try {
    const s = (JSON.parse(body) as { parameters?: { retry_after?: unknown } }).parameters?.retry_after;
    return typeof s === 'number' ? s * 1000 : null;
  } catch {
    return null;
  }
}

/** Bot API sendMessage to the chat linked through the /start deep link; plain text, no parse mode. */
export function createTelegramChannel(deps: { http: HttpSend; clock: Clock; apiBase: string; botToken: string | undefined }): Channel {
  return {
    kind: 'telegram',
    async send({ notification: n, integration }) {
      const token = requiredSetting(deps.botToken, 'TELEGRAM_BOT_TOKEN');
      if (!integration.telegramChatId) throw permanentError('no Telegram chat is linked yet (open the deep link and press Start)');
      const req = telegramSendMessage(deps.apiBase, token, integration.telegramChatId, n.text);
      const res = await deps.http({ url: req.url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(req.body), guarded: false });
      return expectSuccess(res, deps.clock.now(), res.statusCode === 429 ? telegramRetryAfterMs(res.body) : null);
    },
  };
}
