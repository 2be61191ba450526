import type { CheckStatus, PrismaClient } from '@upmon/db';

/** A check next to another in the dependency graph, as its page lists it. */
export interface NeighbourCheck {
  id: string;
  name: string;
  status: CheckStatus;
}

/**
 * A check's dependencies (in its `depends_on` order) and the checks that depend on it (by name,
 * at most `dependentsLimit`: a project rarely has more), within its project.
 */
export async function readDependencyNeighbours(
  prisma: PrismaClient,
  check: { id: string; projectId: string; dependsOn: readonly string[] },
  dependentsLimit: number,
): Promise<{ dependencies: NeighbourCheck[]; dependents: NeighbourCheck[] }> {
  const select = { id: true, name: true, status: true } as const;
  const [dependencies, dependents] = await Promise.all([
    check.dependsOn.length ? prisma.check.findMany({ where: { projectId: check.projectId, id: { in: [...check.dependsOn] } }, select }) : [],
    prisma.check.findMany({ where: { projectId: check.projectId, dependsOn: { has: check.id } }, select, orderBy: { name: 'asc' }, take: dependentsLimit }),
  ]);
  return { dependencies: check.dependsOn.flatMap((id) => dependencies.filter((d) => d.id === id)), dependents };
}
