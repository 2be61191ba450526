import type { PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ProjectScope } from '../project-scope.js';
import { incidentTarget } from './create-incident.js';
import { findIncident } from './incident-reads.js';

/** Deletes an incident with its updates: it leaves the page and its history. */
export async function deleteIncident(prisma: PrismaClient, auth: ProjectScope, id: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const stored = await findIncident(tx, auth.projectId, id);
    await tx.statusPageIncident.delete({ where: { id: stored.id } });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'incident.delete',
      target: incidentTarget(stored),
    });
  });
}
