import type { Prisma, PrismaClient, Slo } from '@upmon/db';
import { ApiError } from '../errors.js';

type Db = PrismaClient | Prisma.TransactionClient;

/** The project's SLOs, oldest first. */
export function listSlos(db: Db, projectId: string): Promise<Slo[]> {
  return db.slo.findMany({ where: { projectId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** The SLO of the project, or 404. */
export async function findSlo(db: Db, projectId: string, id: string): Promise<Slo> {
  const s = await db.slo.findFirst({ where: { id, projectId } });
  if (!s) throw ApiError.notFound('SLO not found');
  return s;
}

/** How the audit log names an SLO. */
export function sloTarget(s: { id: string; name: string }): string {
  return `SLO "${s.name}" (${s.id})`;
}
