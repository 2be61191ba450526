import { sha256Hex } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';

/**
 * Links a Telegram chat to the integration whose one-time token this is, and clears the token
 * so the link cannot be used again. The update is conditional on the token hash, so two
 * concurrent /start messages with one token link one chat. Returns the integration's name, or
 * null for an unknown or already used token.
 */
export async function linkChatByToken(prisma: PrismaClient, token: string, chatId: string, now: Date): Promise<string | null> {
  const hash = sha256Hex(token);
  const integration = await prisma.integration.findUnique({ where: { telegramLinkTokenHash: hash }, select: { id: true, name: true, kind: true } });
  if (!integration || integration.kind !== 'telegram') return null;
  const { count } = await prisma.integration.updateMany({
    where: { id: integration.id, telegramLinkTokenHash: hash },
    data: { telegramChatId: chatId, telegramLinkedAt: now, telegramLinkTokenHash: null },
  });
  return count === 1 ? integration.name : null;
}
