import { sha256Hex } from '@upmon/crypto';
import type { Account, Invitation, PrismaClient } from '@upmon/db';

/** The longest token a link may carry; longer ones are not looked up. */
const TOKEN_MAX_LENGTH = 100;

/** The invitation a link's token names, with its account, while it is neither used nor expired; else null. */
export async function findOpenInvitation(prisma: PrismaClient, token: string, now: Date): Promise<(Invitation & { account: Account }) | null> {
  if (token.length > TOKEN_MAX_LENGTH) return null;
  const inv = await prisma.invitation.findUnique({ where: { tokenHash: sha256Hex(token) }, include: { account: true } });
  if (!inv || inv.acceptedAt || inv.expiresAt <= now) return null;
  return inv;
}
