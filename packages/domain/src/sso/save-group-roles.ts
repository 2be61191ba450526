import type { Actor } from '../audit/actor.js';
import { recordSsoEvent } from './sso-audit.js';
import type { SsoDeps } from './sso-deps.js';
import type { GroupRolesInput } from './sso-input.js';

/** Replaces the account's IdP group → role mappings. */
export async function saveGroupRoles(deps: Pick<SsoDeps, 'prisma'>, accountId: string, actor: Actor, input: GroupRolesInput): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await tx.ssoSettings.upsert({ where: { accountId }, create: { accountId }, update: {} });
    await tx.ssoGroupRole.deleteMany({ where: { accountId } });
    if (input.mappings.length > 0) await tx.ssoGroupRole.createMany({ data: input.mappings.map((m) => ({ accountId, groupName: m.group, role: m.role })) });
    await recordSsoEvent(tx, accountId, actor, 'sso.group_roles_update', input.mappings.map((m) => `${m.group} → ${m.role}`).join(', ') || 'none');
  });
}
