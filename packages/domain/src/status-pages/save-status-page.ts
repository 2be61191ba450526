import type { PrismaClient } from '@upmon/db';
import { ApiError, type FieldErrors } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { statusPageTarget } from './delete-status-page.js';
import { readStatusPageSettings, type StatusPageSettings } from './status-page-settings.js';
import type { StatusPageInput } from './status-page-input.js';

/**
 * Creates or replaces the project's status page (its groups and their checks are replaced as a
 * whole; the public key stays). Every check must be one of the project's: 422 otherwise.
 */
export async function saveStatusPage(prisma: PrismaClient, auth: ProjectScope, input: StatusPageInput): Promise<StatusPageSettings> {
  const ids = input.groups.flatMap((g) => g.checks);
  await prisma.$transaction(async (tx) => {
    const owned = new Set((await tx.check.findMany({ where: { projectId: auth.projectId, id: { in: ids } }, select: { id: true } })).map((c) => c.id));
    const errors: FieldErrors = {};
    input.groups.forEach((g, gi) =>
      g.checks.forEach((id, ci) => {
        if (!owned.has(id)) (errors[`groups.${gi}.checks.${ci}`] ??= []).push('no such check in this project');
      }),
    );
    if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
    const existed = (await tx.statusPage.count({ where: { projectId: auth.projectId } })) > 0;
    const page = await tx.statusPage.upsert({
      where: { projectId: auth.projectId },
      create: { projectId: auth.projectId, title: input.title, enabled: input.enabled },
      update: { title: input.title, enabled: input.enabled },
      select: { id: true },
    });
    if (!existed) {
      await recordAuditEvent(tx, {
        accountId: auth.accountId,
        projectId: auth.projectId,
        actor: auth.actor,
        action: 'status_page.create',
        target: statusPageTarget(input.title, auth.projectId),
      });
    }
    await tx.statusPageGroup.deleteMany({ where: { statusPageId: page.id } });
    for (const [position, g] of input.groups.entries()) {
      await tx.statusPageGroup.create({
        data: { statusPageId: page.id, name: g.name, position, checks: { create: g.checks.map((checkId, i) => ({ checkId, position: i })) } },
      });
    }
  });
  return (await readStatusPageSettings(prisma, auth.projectId)) as StatusPageSettings;
}
