import { isRole, ROLES } from '@upmon/core';
import type { PrismaClient } from '@upmon/db';
import { OPERATOR, recordAuditEventInAccounts } from '@upmon/domain';
import { addUserToAccount, isPlausibleEmail, issueUserToken, normalizeEmail, removeTwoFactor, TOKEN_TTL_MS, userTokenPath } from '@upmon/user-store';
import { CliError } from './cli-error.js';
import { auditOperatorChange } from './operator-audit.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The options this group reads (merged into the CLI's parseArgs options). */
export const USER_OPTIONS = { email: { type: 'string' }, role: { type: 'string' } } as const;

interface UserOpts {
  account?: string;
  email?: string;
  role?: string;
  name?: string;
}

function uuidOf(value: string | undefined, flag: string): string {
  if (!value) throw new CliError(`--${flag} is required`, 2);
  if (!UUID.test(value)) throw new CliError(`--${flag} must be a UUID`, 2);
  return value;
}

function emailOf(value: string | undefined): string {
  if (!value) throw new CliError('--email is required', 2);
  const email = normalizeEmail(value);
  if (!isPlausibleEmail(email)) throw new CliError('--email is not an e-mail address', 2);
  return email;
}

const iso = (d: Date) => d.toISOString().replace('Z', '+00:00');

/**
 * `user create`: adds the user to the account with the role and prints a one-time link (valid a
 * week) where they set their password and sign in; it works without SMTP (the operator passes it on).
 */
async function createUser(prisma: PrismaClient, opts: UserOpts, appBaseUrl: string, now: Date) {
  const accountId = uuidOf(opts.account, 'account');
  const email = emailOf(opts.email);
  if (!isRole(opts.role)) throw new CliError(`--role must be one of ${ROLES.join(', ')}`, 2);
  const role = opts.role;
  const name = (opts.name ?? email.split('@')[0] ?? email).slice(0, 255);
  return prisma.$transaction(async (tx) => {
    if (!(await tx.account.findUnique({ where: { id: accountId } }))) throw new CliError(`account ${accountId} not found`);
    const { user } = await addUserToAccount(tx, { accountId, email, name, role });
    const token = await issueUserToken(tx, { userId: user.id, purpose: 'set_password', ttlMs: TOKEN_TTL_MS.welcome, now });
    await auditOperatorChange(tx, { accountId }, 'member.add', `${user.email} as ${role}`);
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      account_id: accountId,
      role,
      set_password_link: `${appBaseUrl}${userTokenPath('set_password', token)}`,
      link_expires_at: iso(new Date(now.getTime() + TOKEN_TTL_MS.welcome)),
    };
  });
}

async function listUsers(prisma: PrismaClient, opts: UserOpts) {
  const where = opts.account ? { accountId: uuidOf(opts.account, 'account') } : {};
  const rows = await prisma.membership.findMany({ where, include: { user: true }, orderBy: { createdAt: 'asc' } });
  return rows.map((m) => ({
    id: m.user.id,
    email: m.user.email,
    name: m.user.name,
    account_id: m.accountId,
    role: m.role,
    has_password: m.user.passwordHash !== null,
    created_at: iso(m.user.createdAt),
  }));
}

/** `user remove --email E [--account ID]`: from one account, or (no --account) the user altogether. */
async function removeUser(prisma: PrismaClient, opts: UserOpts) {
  const email = emailOf(opts.email);
  const user = await prisma.user.findUnique({ where: { email }, include: { memberships: { select: { accountId: true } } } });
  if (!user) throw new CliError(`user ${email} not found`);
  if (opts.account) {
    const accountId = uuidOf(opts.account, 'account');
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.membership.deleteMany({ where: { accountId, userId: user.id } });
      if (count === 0) throw new CliError(`user ${email} is not a member of account ${accountId}`);
      await auditOperatorChange(tx, { accountId }, 'member.remove', email);
    });
    return { id: user.id, email, removed_from_account: accountId };
  }
  await prisma.$transaction(async (tx) => {
    // Memberships, sessions and one-time links cascade.
    await tx.user.delete({ where: { id: user.id } });
    for (const m of user.memberships) await auditOperatorChange(tx, { accountId: m.accountId }, 'member.remove', `${email} (the person deleted)`);
  });
  return { id: user.id, email, deleted: true };
}

/**
 * `user remove-2fa --email E`: the operator's way back in for someone who lost their
 * authenticator and their recovery codes (and whose account has no owner to do it); logged in
 * the audit log of each of their accounts.
 */
async function removeUserTwoFactor(prisma: PrismaClient, opts: UserOpts) {
  const email = emailOf(opts.email);
  const user = await prisma.user.findUnique({ where: { email }, include: { memberships: { select: { accountId: true } } } });
  if (!user) throw new CliError(`user ${email} not found`);
  await removeTwoFactor(prisma, user.id);
  await recordAuditEventInAccounts(
    prisma,
    user.memberships.map((m) => m.accountId),
    { actor: OPERATOR, action: 'two_factor.disable', target: email },
  );
  return { id: user.id, email, two_factor: false };
}

/** The group's commands, keyed as typed ("user create"). */
export function userCommands(prisma: PrismaClient, values: UserOpts, ctx: { appBaseUrl: string; now: Date }): Record<string, () => Promise<unknown>> {
  return {
    'user create': () => createUser(prisma, values, ctx.appBaseUrl, ctx.now),
    'user list': () => listUsers(prisma, values),
    'user remove': () => removeUser(prisma, values),
    'user remove-2fa': () => removeUserTwoFactor(prisma, values),
  };
}

export const USER_USAGE = `  user create --account ACCOUNT_ID --email E --role owner|admin|member|read_only [--name NAME]
  user list [--account ACCOUNT_ID]
  user remove --email E [--account ACCOUNT_ID]
  user remove-2fa --email E`;
