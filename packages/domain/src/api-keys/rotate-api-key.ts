import { generateApiKey } from '@upmon/crypto';
import type { ApiKey, PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { utcText } from '../audit/utc-text.js';
import { apiKeyAuditTarget, type ApiKeyChanger } from './api-key-audit.js';

/**
 * A new key of the same kind and name as `old`, whose revocation is scheduled `graceSec` from now
 * (revoked_at in the future: the API keeps accepting it until then), audit-logged. Returns the new
 * key's value (shown once) and when the old one stops working.
 */
export async function rotateApiKey(
  prisma: PrismaClient,
  by: ApiKeyChanger,
  old: ApiKey,
  graceSec: number,
  now: Date,
): Promise<{ key: string; revokeAt: Date }> {
  const revokeAt = new Date(now.getTime() + graceSec * 1000);
  const g = generateApiKey(old.kind);
  await prisma.$transaction(async (tx) => {
    await tx.apiKey.create({ data: { projectId: by.projectId, kind: old.kind, name: old.name, prefix: g.prefix, hash: g.hash } });
    // An earlier scheduled revocation is only ever brought forward.
    await tx.apiKey.update({ where: { id: old.id }, data: { revokedAt: old.revokedAt && old.revokedAt < revokeAt ? old.revokedAt : revokeAt } });
    const target = `${apiKeyAuditTarget(by.projectName, old)} → ${g.prefix}…, the old one revoked at ${utcText(revokeAt)}`;
    await recordAuditEvent(tx, { accountId: by.accountId, projectId: by.projectId, actor: by.actor, action: 'api_key.rotate', target });
  });
  return { key: g.key, revokeAt };
}
