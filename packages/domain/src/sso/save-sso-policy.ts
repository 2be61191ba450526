import { hasSecondFactor } from '@upmon/user-store';
import type { Actor } from '../audit/actor.js';
import { ApiError, type FieldErrors } from '../errors.js';
import { recordSsoEvent } from './sso-audit.js';
import type { SsoDeps } from './sso-deps.js';
import type { SsoPolicyInput } from './sso-input.js';

/**
 * Saves JIT provisioning, the default role, the groups claim, "SSO required" and the break-glass
 * owner. SSO can be required only with an identity provider turned on, a verified domain and a
 * break-glass owner: an owner of the account with a password and two-factor authentication, who
 * can still sign in when the IdP cannot (docs/sso.md, "Break-glass owner").
 */
export async function saveSsoPolicy(deps: Pick<SsoDeps, 'prisma'>, accountId: string, actor: Actor, input: SsoPolicyInput): Promise<void> {
  const { prisma } = deps;
  const errors: FieldErrors = {};
  const settings = await prisma.ssoSettings.findUnique({ where: { accountId } });
  if (input.break_glass_user_id) {
    const m = await prisma.membership.findUnique({
      where: { accountId_userId: { accountId, userId: input.break_glass_user_id } },
      include: { user: { select: { passwordHash: true } } },
    });
    if (!m || m.role !== 'owner') errors.break_glass_user_id = ['must be an owner of this account'];
    else if (!m.user.passwordHash) errors.break_glass_user_id = ['must have a password'];
    else if (!(await hasSecondFactor(prisma, input.break_glass_user_id))) errors.break_glass_user_id = ['must have two-factor authentication on'];
  }
  if (input.sso_required) {
    const required: string[] = [];
    if (!settings?.oidcEnabled && !settings?.samlEnabled) required.push('an identity provider turned on (OpenID Connect or SAML)');
    if ((await prisma.ssoDomain.count({ where: { accountId, verifiedAt: { not: null } } })) === 0) required.push('a verified domain');
    if (!input.break_glass_user_id) required.push('a break-glass owner');
    if (required.length > 0) errors.sso_required = [`needs ${required.join(', ')}`];
  }
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  const data = {
    jitEnabled: input.jit_enabled,
    defaultRole: input.default_role,
    groupsClaim: input.groups_claim,
    ssoRequired: input.sso_required,
    breakGlassUserId: input.break_glass_user_id,
  };
  await prisma.$transaction(async (tx) => {
    await tx.ssoSettings.upsert({ where: { accountId }, create: { accountId, ...data }, update: data });
    await recordSsoEvent(
      tx,
      accountId,
      actor,
      'sso.policy_update',
      `SSO required ${input.sso_required ? 'on' : 'off'}, JIT ${input.jit_enabled ? 'on' : 'off'} as ${input.default_role}`,
    );
  });
}
