import type { PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';

/** Deletes an integration of the key's project (its delivery log, reminders and held notifications cascade). */
export async function deleteIntegration(prisma: PrismaClient, auth: ProjectScope, id: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const [gone] = await tx.$queryRaw<{ kind: string; name: string }[]>`
      DELETE FROM integrations WHERE id = ${id} AND project_id = ${auth.projectId}::uuid RETURNING kind::text, name`;
    if (!gone) throw ApiError.notFound('integration not found');
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'integration.delete',
      target: integrationTarget({ id, ...gone }),
    });
  });
}

/** How the audit log names an integration. */
export function integrationTarget(i: { id: number; kind: string; name: string }): string {
  return `${i.kind} integration "${i.name}" (${i.id})`;
}
