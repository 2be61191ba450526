import type { PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ProjectScope } from '../project-scope.js';
import { incidentTarget } from './create-incident.js';
import { resolveComponents } from './incident-components.js';
import type { IncidentPatchInput } from './incident-input.js';
import { findIncident, type IncidentWithParts } from './incident-reads.js';

/** Changes an incident's title and/or its components (given components replace the stored ones as a whole). */
export async function updateIncident(prisma: PrismaClient, auth: ProjectScope, id: string, input: IncidentPatchInput, now: Date): Promise<IncidentWithParts> {
  return prisma.$transaction(async (tx) => {
    const stored = await findIncident(tx, auth.projectId, id);
    if (input.components !== undefined) {
      const components = await resolveComponents(tx, stored.statusPageId, input.components);
      await tx.statusPageIncidentComponent.deleteMany({ where: { incidentId: id } });
      await tx.statusPageIncidentComponent.createMany({ data: components.map((c, position) => ({ ...c, position, incidentId: id })) });
    }
    const row = await tx.statusPageIncident.update({ where: { id }, data: { title: input.title ?? stored.title, updatedAt: now } });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'incident.change',
      target: incidentTarget(row),
    });
    return findIncident(tx, auth.projectId, id);
  });
}
