import { randomToken, sha256Hex } from '@upmon/crypto';
import type { MemberRole, PrismaClient } from '@upmon/db';
import { TOKEN_TTL_MS } from '@upmon/user-store';

/** An invitation to the account (valid for TOKEN_TTL_MS.invitation); returns the token its link carries (only its hash is stored). */
export async function createInvitation(
  prisma: PrismaClient,
  input: { accountId: string; email: string; role: MemberRole; invitedById: string },
  now: Date,
): Promise<{ token: string }> {
  const token = randomToken(24);
  await prisma.invitation.create({
    data: { ...input, tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.invitation) },
  });
  return { token };
}
