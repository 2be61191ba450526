import { randomToken, sha256Hex } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { ApiError } from '../errors.js';
import { recordSsoEvent } from '../sso/sso-audit.js';

const PREFIX = 'upm_scim_';

/** A new SCIM bearer token for the account: shown once; only its SHA-256 is kept. */
export async function issueScimToken(prisma: PrismaClient, accountId: string, actor: Actor, name: string) {
  if ((await prisma.scimToken.count({ where: { accountId, revokedAt: null } })) >= 10)
    throw new ApiError('conflict', 'an account can have at most 10 SCIM tokens; revoke one first');
  const token = `${PREFIX}${randomToken(32)}`;
  return prisma.$transaction(async (tx) => {
    const row = await tx.scimToken.create({ data: { accountId, name, prefix: token.slice(0, PREFIX.length + 6), hash: sha256Hex(token) } });
    await recordSsoEvent(tx, accountId, actor, 'scim.token_create', `${name} (${row.prefix}…)`);
    return { id: row.id, name: row.name, prefix: row.prefix, token, createdAt: row.createdAt };
  });
}
