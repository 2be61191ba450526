import { telegramSendMessage } from '@upmon/core';
import type { Logger } from '@upmon/logger';

export interface ReplySettings {
  apiBase: string;
  botToken: string | undefined;
}

/**
 * Answers in the chat through the Bot API. Best effort: the link is already saved, so a failed
 * answer is logged and not retried (Telegram would otherwise resend the whole update).
 */
export async function replyInChat(settings: ReplySettings, logger: Logger, chatId: string, text: string): Promise<void> {
  if (!settings.botToken) {
    logger.warn('TELEGRAM_BOT_TOKEN is not set; cannot answer in the chat');
    return;
  }
  const req = telegramSendMessage(settings.apiBase, settings.botToken, chatId, text);
  try {
    const res = await fetch(req.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(req.body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) logger.warn({ status: res.status }, 'telegram sendMessage refused');
  } catch (err) {
    // The message of a fetch error may contain the URL, which contains the bot token.
    logger.warn({ err: (err as Error).name }, 'telegram sendMessage failed');
  }
}
