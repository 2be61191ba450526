import type { PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { spendCheckChange } from '../rate-limits/spend-budgets.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import { lockDependencyGraph, removeFromDependencies } from './check-dependencies.js';
import { checkTarget } from './create-check.js';

/**
 * Deletes a check; its pings, flips, reminders and held notifications go with it (ON DELETE
 * CASCADE), and it leaves the dependencies of the project's other checks in the same transaction.
 * A missing check is a 404 and costs no deletion budget.
 */
export async function deleteCheck(prisma: PrismaClient, limiter: RateLimiter, redisPrefix: string, auth: ProjectScope, checkId: string): Promise<void> {
  const found = await prisma.check.findFirst({ where: { id: checkId, projectId: auth.projectId }, select: { id: true, name: true } });
  if (!found) throw ApiError.notFound('check not found');
  await spendCheckChange(limiter, redisPrefix, 'delete', auth.accountId);
  await prisma.$transaction(async (tx) => {
    await lockDependencyGraph(tx, auth.projectId);
    const { count } = await tx.check.deleteMany({ where: { id: checkId, projectId: auth.projectId } });
    if (count === 0) throw ApiError.notFound('check not found');
    await removeFromDependencies(tx, auth.projectId, checkId);
    await recordAuditEvent(tx, { accountId: auth.accountId, projectId: auth.projectId, actor: auth.actor, action: 'check.delete', target: checkTarget(found) });
  });
}
