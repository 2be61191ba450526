import type { Prisma, PrismaClient, Slo } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import type { SloInput } from './slo-input.js';
import { sloTarget } from './slo-reads.js';

/** SLOs per project at most: each is evaluated by the scheduler's burn-rate task every round. */
export const SLOS_PER_PROJECT_MAX = 50;

type Db = PrismaClient | Prisma.TransactionClient;

/** Refuses a check that is not the project's, and a latency objective on a check that is not probed (422 naming the field). */
export async function requireSloSubject(db: Db, projectId: string, input: SloInput): Promise<void> {
  if (!input.checkId) return;
  const check = await db.check.findFirst({ where: { id: input.checkId, projectId }, select: { kind: true } });
  if (!check) throw ApiError.validation({ check: ['is not a check of this project'] });
  if (input.latencyThresholdMs !== null && check.kind === 'heartbeat') {
    throw ApiError.validation({ latency: ['is only for probed checks (a heartbeat check has no response times)'] });
  }
}

/** Creates an SLO in the key's project. */
export async function createSlo(prisma: PrismaClient, auth: ProjectScope, input: SloInput): Promise<Slo> {
  return prisma.$transaction(async (tx) => {
    await requireSloSubject(tx, auth.projectId, input);
    // The project's row is locked so that concurrent creations cannot pass the limit.
    await tx.$executeRaw`SELECT 1 FROM projects WHERE id = ${auth.projectId}::uuid FOR UPDATE`;
    if ((await tx.slo.count({ where: { projectId: auth.projectId } })) >= SLOS_PER_PROJECT_MAX) {
      throw new ApiError('conflict', `a project has at most ${SLOS_PER_PROJECT_MAX} SLOs: delete some first`);
    }
    const row = await tx.slo.create({ data: { projectId: auth.projectId, ...input } });
    await recordAuditEvent(tx, { accountId: auth.accountId, projectId: auth.projectId, actor: auth.actor, action: 'slo.create', target: sloTarget(row) });
    return row;
  });
}
