import { telegramSendMessage } from '@upmon/core';
import type { ChannelSender, SenderDeps } from '../../channel-kind.js';
import { requiredSetting } from '../../format/config-values.js';
import { permanentError } from '../../transport/delivery-error.js';
import { cappedRetryAfterMs, expectSuccess, jsonBody } from '../../transport/http-response.js';

/** Telegram puts the wait of a 429 in the body (`parameters.retry_after`, seconds). */
function telegramRetryAfterMs(body: string): number | null {
  const s = (jsonBody(body)?.parameters as { retry_after?: unknown } | undefined)?.retry_after;
  return typeof s === 'number' ? cappedRetryAfterMs(s * 1000) : null;
}

/**
 * Bot API sendMessage (the message: core's telegramSendMessage, shared with the bot's answers) to
 * the chat linked through the /start deep link; plain text, no parse mode. TELEGRAM_*: the operator's.
 */
export function createTelegramSender(deps: Pick<SenderDeps, 'http' | 'clock' | 'providers'>): ChannelSender {
  const settings = deps.providers.telegram;
  return {
    async send({ notification, integration }) {
      const token = requiredSetting(settings.botToken, 'TELEGRAM_BOT_TOKEN');
      if (!integration.telegramChatId) throw permanentError('no Telegram chat is linked yet (open the deep link and press Start)');
      const req = telegramSendMessage(settings.apiBase, token, integration.telegramChatId, notification.text);
      const res = await deps.http({ url: req.url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(req.body), guarded: false });
      return expectSuccess(res, deps.clock.now(), res.statusCode === 429 ? telegramRetryAfterMs(res.body) : null);
    },
  };
}
