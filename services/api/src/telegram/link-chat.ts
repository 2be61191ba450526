import { sha256Hex } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';

/** Tokens are 32 characters (24 random bytes, base64url); anything much longer is not one. */
const MAX_TOKEN_LENGTH = 64;

/**
 * Links a Telegram chat to the integration whose one-time token this is, and clears the token
 * so the link cannot be used again. The update is conditional on the token hash and its expiry,
 * so two concurrent /start messages with one token link one chat. Returns the integration's name,
 * or null for an unknown, expired (24 h) or already used token.
 */
export async function linkChatByToken(prisma: PrismaClient, token: string, chatId: string, now: Date): Promise<string | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const hash = sha256Hex(token);
  const integration = await prisma.integration.findUnique({ where: { telegramLinkTokenHash: hash }, select: { id: true, name: true, kind: true } });
  if (!integration || integration.kind !== 'telegram') return null;
  const { count } = await prisma.integration.updateMany({
    where: { id: integration.id, telegramLinkTokenHash: hash, telegramLinkTokenExpiresAt: { gt: now } },
    data: { telegramChatId: chatId, telegramLinkedAt: now, telegramLinkTokenHash: null, telegramLinkTokenExpiresAt: null },
  });
  return count === 1 ? integration.name : null;
}
