import type { PrismaClient } from '@upmon/db';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';

/** Deletes the project's status page (its groups go with it); a later one gets a new public key. */
export async function deleteStatusPage(prisma: PrismaClient, auth: ProjectScope): Promise<void> {
  const { count } = await prisma.statusPage.deleteMany({ where: { projectId: auth.projectId } });
  if (count === 0) throw ApiError.notFound('this project has no status page');
}
