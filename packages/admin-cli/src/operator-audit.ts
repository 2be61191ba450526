import type { Prisma, PrismaClient } from '@upmon/db';
import { OPERATOR, recordAuditEvent, type AuditAction } from '@upmon/domain';

/**
 * Records a change the operator made with the CLI in the account's audit log (actor "operator";
 * with the project it was done in, if any), in the change's transaction where there is one (docs/web.md, "Audit log").
 */
export function auditOperatorChange(
  tx: PrismaClient | Prisma.TransactionClient,
  where: { accountId: string; projectId?: string },
  action: AuditAction,
  target: string,
): Promise<void> {
  return recordAuditEvent(tx, { ...where, actor: OPERATOR, action, target });
}
