import { randomToken, sha256Hex } from '@upmon/crypto';

/** A Telegram link token works this long after it was issued. */
export const TELEGRAM_LINK_TTL_MS = 24 * 3_600_000;

export interface TelegramLinkSettings {
  linkBase: string;
  botUsername: string;
}

/**
 * A fresh one-time link: the deep link to hand out (`{link base}/{bot}?start=<token>`) and the
 * columns that store it (only the token's SHA-256, which the bot webhook looks the token up by,
 * and when it stops working).
 */
export function newTelegramLink(settings: TelegramLinkSettings, now: Date) {
  const token = randomToken(24);
  return {
    deepLink: `${settings.linkBase}/${settings.botUsername}?start=${token}`,
    columns: { telegramLinkTokenHash: sha256Hex(token), telegramLinkTokenExpiresAt: new Date(now.getTime() + TELEGRAM_LINK_TTL_MS) },
  };
}
