import type { PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';

/** Deletes the project's status page (its groups go with it); a later one gets a new public key. */
export async function deleteStatusPage(prisma: PrismaClient, auth: ProjectScope): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const [gone] = await tx.$queryRaw<{ title: string }[]>`DELETE FROM status_pages WHERE project_id = ${auth.projectId}::uuid RETURNING title`;
    if (!gone) throw ApiError.notFound('this project has no status page');
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'status_page.delete',
      target: statusPageTarget(gone.title, auth.projectId),
    });
  });
}

/** How the audit log names a status page. */
export function statusPageTarget(title: string, projectId: string): string {
  return `status page "${title}" (project ${projectId})`;
}
