import type { Prisma, PrismaClient } from '@upmon/db';
import { ApiError } from '../errors.js';
import type { ListQuery } from '../validation/list-query.js';

type Db = PrismaClient | Prisma.TransactionClient;

const WITH_PARTS = {
  components: { orderBy: { position: 'asc' } },
  updates: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
} as const satisfies Prisma.StatusPageIncidentInclude;

/** An incident with its components (in order) and its updates (newest first). */
export type IncidentWithParts = Prisma.StatusPageIncidentGetPayload<{ include: typeof WITH_PARTS }>;

/** The project's status page id, or 404: incidents live on a status page. */
export async function requireStatusPageId(db: Db, projectId: string): Promise<string> {
  const page = await db.statusPage.findUnique({ where: { projectId }, select: { id: true } });
  if (!page) throw ApiError.notFound('this project has no status page');
  return page.id;
}

/** An incident of the project's status page, or 404 (another project's incident is unknown here). */
export async function findIncident(db: Db, projectId: string, id: string): Promise<IncidentWithParts> {
  const incident = await db.statusPageIncident.findFirst({ where: { id, statusPage: { projectId } }, include: WITH_PARTS });
  if (!incident) throw ApiError.notFound('incident not found');
  return incident;
}

/** The project's incidents, newest first (by when they started), `limit` of them from `before`. */
export async function listIncidents(prisma: PrismaClient, projectId: string, query: ListQuery): Promise<IncidentWithParts[]> {
  const pageId = await requireStatusPageId(prisma, projectId);
  return prisma.statusPageIncident.findMany({
    where: { statusPageId: pageId, ...(query.before ? { startedAt: { lt: new Date(query.before) } } : {}) },
    orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
    take: query.limit,
    include: WITH_PARTS,
  });
}
