import type { PrismaClient } from '@upmon/db';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';

/** Deletes an integration of the key's project (its delivery log, reminders and held notifications cascade). */
export async function deleteIntegration(prisma: PrismaClient, auth: ProjectScope, id: number): Promise<void> {
  const { count } = await prisma.integration.deleteMany({ where: { id, projectId: auth.projectId } });
  if (count === 0) throw ApiError.notFound('integration not found');
}
