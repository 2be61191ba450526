import type { PrismaClient, Slo } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ProjectScope } from '../project-scope.js';
import { requireSloSubject } from './create-slo.js';
import { sloAsBody, validateSloInput } from './slo-input.js';
import { findSlo, sloTarget } from './slo-reads.js';

/** Changes an SLO: the fields given replace the stored ones (giving check or tag replaces both). */
export async function updateSlo(prisma: PrismaClient, auth: ProjectScope, id: string, body: Record<string, unknown>): Promise<Slo> {
  return prisma.$transaction(async (tx) => {
    const stored = await findSlo(tx, auth.projectId, id);
    const merged = sloAsBody(stored);
    if ('check' in body || 'tag' in body) {
      delete merged.check;
      delete merged.tag;
    }
    if ('window' in body && body.window !== 'calendar_month') delete merged.tz;
    const input = validateSloInput({ ...merged, ...body });
    await requireSloSubject(tx, auth.projectId, input);
    const row = await tx.slo.update({ where: { id: stored.id }, data: input });
    await recordAuditEvent(tx, { accountId: auth.accountId, projectId: auth.projectId, actor: auth.actor, action: 'slo.change', target: sloTarget(row) });
    return row;
  });
}
