import type { PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ProjectScope } from '../project-scope.js';
import { findSlo, sloTarget } from './slo-reads.js';

/** Deletes an SLO (its burn-rate alerts with it). */
export async function deleteSlo(prisma: PrismaClient, auth: ProjectScope, id: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const stored = await findSlo(tx, auth.projectId, id);
    await tx.slo.delete({ where: { id: stored.id } });
    await recordAuditEvent(tx, { accountId: auth.accountId, projectId: auth.projectId, actor: auth.actor, action: 'slo.delete', target: sloTarget(stored) });
  });
}
