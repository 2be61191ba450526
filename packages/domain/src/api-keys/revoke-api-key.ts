import type { ApiKey, PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { apiKeyAuditTarget, type ApiKeyChanger } from './api-key-audit.js';

/** Revokes the key now, audit-logged; a key already revoked (or due to be by now) is left as it is. */
export async function revokeApiKey(prisma: PrismaClient, by: ApiKeyChanger, key: ApiKey, now: Date): Promise<void> {
  if (key.revokedAt && key.revokedAt <= now) return;
  await prisma.$transaction(async (tx) => {
    await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: now } });
    await recordAuditEvent(tx, {
      accountId: by.accountId,
      projectId: by.projectId,
      actor: by.actor,
      action: 'api_key.revoke',
      target: apiKeyAuditTarget(by.projectName, key),
    });
  });
}
