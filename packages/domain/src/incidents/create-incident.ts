import type { PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { resolveComponents } from './incident-components.js';
import { INCIDENT_LIMITS, type IncidentInput } from './incident-input.js';
import { findIncident, type IncidentWithParts } from './incident-reads.js';
import { noticeKindOf, recordNotice } from '../subscribers/record-notice.js';

/**
 * Opens an incident on the project's status page with its first update (404 without a page; 409
 * at INCIDENT_LIMITS.open incidents not resolved). The page's row is locked first, so two
 * concurrent openings cannot both pass the limit.
 */
export async function createIncident(prisma: PrismaClient, auth: ProjectScope, input: IncidentInput, now: Date): Promise<IncidentWithParts> {
  return prisma.$transaction(async (tx) => {
    const [page] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM status_pages WHERE project_id = ${auth.projectId}::uuid FOR NO KEY UPDATE`;
    if (!page) throw ApiError.notFound('this project has no status page');
    if (input.state !== 'resolved') {
      const open = await tx.statusPageIncident.count({ where: { statusPageId: page.id, resolvedAt: null } });
      if (open >= INCIDENT_LIMITS.open) {
        throw new ApiError('conflict', `a status page has at most ${INCIDENT_LIMITS.open} incidents that are not resolved: resolve some first`);
      }
    }
    const components = await resolveComponents(tx, page.id, input.components);
    const row = await tx.statusPageIncident.create({
      data: {
        statusPageId: page.id,
        title: input.title,
        state: input.state,
        startedAt: now,
        resolvedAt: input.state === 'resolved' ? now : null,
        updatedAt: now,
        components: { create: components.map((c, position) => ({ ...c, position })) },
        updates: { create: { state: input.state, message: input.message, createdAt: now } },
      },
    });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'incident.create',
      target: incidentTarget(row),
    });
    const created = await findIncident(tx, auth.projectId, row.id);
    const [first] = created.updates;
    if (first) await recordNotice(tx, first.id, noticeKindOf(first, true), now);
    return created;
  });
}

/** How the audit log names an incident. */
export function incidentTarget(i: { id: string; title: string }): string {
  return `incident "${i.title}" (${i.id})`;
}
