import type { Actor } from '../audit/actor.js';
import { ApiError } from '../errors.js';
import { recordSsoEvent } from './sso-audit.js';
import type { SsoDeps } from './sso-deps.js';

/** An account gives up a domain (its people's addresses no longer lead to its IdP). */
export async function removeSsoDomain(deps: Pick<SsoDeps, 'prisma'>, accountId: string, actor: Actor, domainId: string): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const row = await tx.ssoDomain.findFirst({ where: { id: domainId, accountId } });
    if (!row) throw ApiError.notFound('no such domain in this account');
    await tx.ssoDomain.delete({ where: { id: row.id } });
    await recordSsoEvent(tx, accountId, actor, 'sso.domain_remove', row.domain);
  });
}
