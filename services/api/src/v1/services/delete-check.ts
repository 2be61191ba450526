import type { PrismaClient } from '@upmon/db';
import { ApiError } from '../../http/api-error.js';
import type { ProjectScope } from '../authenticate.js';
import { spendCheckChange } from '../rate-limits.js';
import type { RateLimiter } from '../rate-limiter.js';

/**
 * Deletes a check; its pings, flips, reminders and held notifications go with it (ON DELETE
 * CASCADE). A missing check is a 404 and costs no deletion budget.
 */
export async function deleteCheck(prisma: PrismaClient, limiter: RateLimiter, redisPrefix: string, auth: ProjectScope, checkId: string): Promise<void> {
  const found = await prisma.check.findFirst({ where: { id: checkId, projectId: auth.projectId }, select: { id: true } });
  if (!found) throw ApiError.notFound('check not found');
  await spendCheckChange(limiter, redisPrefix, 'delete', auth.accountId);
  const { count } = await prisma.check.deleteMany({ where: { id: checkId, projectId: auth.projectId } });
  if (count === 0) throw ApiError.notFound('check not found');
}
