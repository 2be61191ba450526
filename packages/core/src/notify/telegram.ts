/**
 * Telegram Bot API shapes shared by the API (answers to /start) and the notifier (alerts), so the
 * request is written once. Pure: the callers do the HTTP.
 */
export interface TelegramRequest {
  url: string;
  body: { chat_id: string; text: string; disable_web_page_preview: boolean };
}

/** Telegram rejects messages over 4096 characters. */
export const TELEGRAM_MAX_TEXT = 4096;

export function telegramSendMessage(apiBase: string, botToken: string, chatId: string, text: string): TelegramRequest {
  const clipped = text.length > TELEGRAM_MAX_TEXT ? `${text.slice(0, TELEGRAM_MAX_TEXT - 1)}…` : text;
  return {
    url: `${apiBase.replace(/\/+$/, '')}/bot${botToken}/sendMessage`,
    body: { chat_id: chatId, text: clipped, disable_web_page_preview: true },
  };
}

/**
 * The token of a `/start <token>` message (also `/start@bot_name <token>` as sent in groups);
 * '' for a bare `/start`; null when the text is not a /start command.
 */
export function parseStartCommand(text: unknown): string | null {
  // Telegram messages are at most 4096 characters: anything longer is not one of theirs.
  if (typeof text !== 'string' || text.length > TELEGRAM_MAX_TEXT) return null;
  const m = /^\/start(?:@[A-Za-z0-9_]+)?(?:\s+(\S+))?\s*$/.exec(text.trim());
  if (!m) return null;
  return m[1] ?? '';
}
