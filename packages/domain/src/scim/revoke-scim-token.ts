import type { PrismaClient } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { ApiError } from '../errors.js';
import { recordSsoEvent } from '../sso/sso-audit.js';

/** Revokes a SCIM token at once: the IdP's next call with it is refused. */
export async function revokeScimToken(prisma: PrismaClient, accountId: string, actor: Actor, tokenId: string, now: Date): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const row = await tx.scimToken.findFirst({ where: { id: tokenId, accountId } });
    if (!row) throw ApiError.notFound('no such SCIM token in this account');
    if (row.revokedAt) return;
    await tx.scimToken.update({ where: { id: row.id }, data: { revokedAt: now } });
    await recordSsoEvent(tx, accountId, actor, 'scim.token_revoke', `${row.name} (${row.prefix}…)`);
  });
}
