import { generateApiKey } from '@upmon/crypto';
import type { ApiKeyKind, PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { apiKeyAuditTarget, type ApiKeyChanger } from './api-key-audit.js';

/** A new key of the project, audit-logged; its value is returned once (only its hash is stored). */
export async function createApiKey(prisma: PrismaClient, by: ApiKeyChanger, input: { kind: ApiKeyKind; name: string | null }): Promise<{ key: string }> {
  const g = generateApiKey(input.kind);
  await prisma.$transaction(async (tx) => {
    await tx.apiKey.create({ data: { projectId: by.projectId, kind: input.kind, name: input.name, prefix: g.prefix, hash: g.hash } });
    await recordAuditEvent(tx, {
      accountId: by.accountId,
      projectId: by.projectId,
      actor: by.actor,
      action: 'api_key.create',
      target: apiKeyAuditTarget(by.projectName, { ...input, prefix: g.prefix }),
    });
  });
  return { key: g.key };
}
