import { sha256Hex } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import { ScimError } from './scim-error.js';

export interface ScimCaller {
  accountId: string;
  tokenId: string;
  label: string;
}

/** The account a SCIM request's bearer token belongs to; 401 for a missing, unknown or revoked token. */
export async function authenticateScimToken(prisma: PrismaClient, authorization: string | undefined, now: Date): Promise<ScimCaller> {
  const m = /^Bearer\s+(upm_scim_[A-Za-z0-9_-]{20,80})\s*$/i.exec((authorization ?? '').slice(0, 200));
  if (!m) throw new ScimError(401, 'a SCIM bearer token is required (Authorization: Bearer upm_scim_…)');
  const row = await prisma.scimToken.findUnique({ where: { hash: sha256Hex(m[1]!) } });
  if (!row || row.revokedAt) throw new ScimError(401, 'this SCIM token is unknown or revoked');
  // At most one write a minute per token for "last used".
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) await prisma.scimToken.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  return { accountId: row.accountId, tokenId: row.id, label: `SCIM token ${row.name}` };
}
