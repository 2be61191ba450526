import type { PrismaClient } from '@upmon/db';

/**
 * Where a person lands after setting their password (a new user's first sign-in): the dashboard
 * of their project when they can see exactly one (what `admin user create` and an invitation
 * give), else the list of projects to choose from.
 */
export async function landingPageOf(prisma: PrismaClient, userId: string): Promise<string> {
  const projects = await prisma.project.findMany({
    where: { account: { memberships: { some: { userId } } } },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take: 2,
  });
  return projects.length === 1 ? `/projects/${projects[0]!.id}` : '/projects';
}
