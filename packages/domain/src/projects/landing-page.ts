import type { PrismaClient } from '@upmon/db';

/**
 * Where a person lands after setting their password (a new user's first sign-in) or accepting an
 * invitation (`accountId`: the account they joined): the dashboard of the project when they can
 * see exactly one there (what `admin user create` and an invitation to a one-project account
 * give), else the list of projects to choose from.
 */
export async function landingPageOf(prisma: PrismaClient, userId: string, accountId?: string): Promise<string> {
  const projects = await prisma.project.findMany({
    where: { ...(accountId ? { accountId } : {}), account: { memberships: { some: { userId } } } },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take: 2,
  });
  return projects.length === 1 ? `/projects/${projects[0]!.id}` : '/projects';
}
