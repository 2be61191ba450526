import { CheckBatch } from '@upmon/check-store';
import { planLimits, type PlanName } from '@upmon/core';
import { generateApiKey, randomToken } from '@upmon/crypto';
import { withPgTransaction, type PgPool, type PrismaClient } from '@upmon/db';
import { apiKeyAuditTarget, OPERATOR, recordAuditEventWithPg } from '@upmon/domain';
import { CliError } from './cli-error.js';
import { auditOperatorChange } from './operator-audit.js';

export { CliError };

const PLANS: PlanName[] = ['free', 'pro', 'business'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requireUuid(value: string | undefined, flag: string): string {
  if (!value) throw new CliError(`--${flag} is required`, 2);
  if (!UUID.test(value)) throw new CliError(`--${flag} must be a UUID`, 2);
  return value;
}

function requirePlan(value: string | undefined): PlanName {
  if (!value || !PLANS.includes(value as PlanName)) throw new CliError(`--plan must be one of ${PLANS.join(', ')}`, 2);
  return value as PlanName;
}

function requireName(value: string | undefined, flag = 'name'): string {
  if (!value || value.trim() === '') throw new CliError(`--${flag} is required`, 2);
  if (value.length > 255) throw new CliError(`--${flag} must be at most 255 characters`, 2);
  return value;
}

export const iso = (d: Date | null) => (d ? d.toISOString().replace('Z', '+00:00') : null);

export async function createAccount(prisma: PrismaClient, opts: { name?: string; plan?: string }) {
  const data = { name: requireName(opts.name), plan: requirePlan(opts.plan ?? 'free') };
  const a = await prisma.$transaction(async (tx) => {
    const row = await tx.account.create({ data });
    await auditOperatorChange(tx, { accountId: row.id }, 'account.create', `account "${row.name}" on the ${row.plan} plan`);
    return row;
  });
  return { id: a.id, name: a.name, plan: a.plan, created_at: iso(a.createdAt) };
}

export async function listAccounts(prisma: PrismaClient) {
  const rows = await prisma.account.findMany({ orderBy: { createdAt: 'asc' } });
  return rows.map((a) => ({ id: a.id, name: a.name, plan: a.plan, created_at: iso(a.createdAt) }));
}

/**
 * Changes the plan. An account left over its new quota has its newest extra checks paused with
 * reason `quota` (docs/design.md, transitions: any but paused → paused); nothing is deleted.
 */
export async function setPlan(pool: PgPool, opts: { id?: string; plan?: string }, now: Date) {
  const id = requireUuid(opts.id, 'id');
  const plan = requirePlan(opts.plan);
  const quota = planLimits(plan).checkQuota;
  return withPgTransaction(pool, async (client) => {
    const before = await client.query<{ plan: PlanName }>(`SELECT plan FROM accounts WHERE id = $1 FOR UPDATE`, [id]);
    const was = before.rows[0]?.plan;
    if (!was) throw new CliError(`account ${id} not found`);
    const { rows } = await client.query<{ id: string; name: string; plan: PlanName }>(
      `UPDATE accounts SET plan = $2::"Plan", updated_at = now() WHERE id = $1 RETURNING id, name, plan`,
      [id, plan],
    );
    const a = rows[0] as { id: string; name: string; plan: PlanName };
    // Only the checks past the quota are read (not every check of a large account).
    const active = await client.query<{ id: string }>(
      `SELECT c.id FROM checks c JOIN projects p ON p.id = c.project_id WHERE p.account_id = $1 AND c.status <> 'paused' ORDER BY c.created_at, c.id OFFSET $2`,
      [id, quota],
    );
    const over = active.rows.map((r) => r.id);
    // Through check-store's writer, like every change of check state (flip reason `quota`).
    const batch = await CheckBatch.lock(client, over);
    const paused = over.filter((c) => batch.get(c) && batch.get(c)?.state.status !== 'paused');
    for (const c of paused) batch.transition(c, { type: 'quota' }, now);
    await batch.write(client);
    const target = `plan ${was} → ${plan}${paused.length > 0 ? `; ${paused.length} checks paused for the quota` : ''}`;
    await recordAuditEventWithPg(client, { accountId: id, actor: OPERATOR, action: 'account.plan_change', target });
    return { id: a.id, name: a.name, plan: a.plan, check_quota: quota, checks_paused_for_quota: paused };
  });
}

export async function createProject(prisma: PrismaClient, opts: { account?: string; name?: string }) {
  const accountId = requireUuid(opts.account, 'account');
  const name = requireName(opts.name);
  if (!(await prisma.account.findUnique({ where: { id: accountId } }))) throw new CliError(`account ${accountId} not found`);
  const p = await prisma.$transaction(async (tx) => {
    const row = await tx.project.create({ data: { accountId, name, pingKey: randomToken(16) } });
    await auditOperatorChange(tx, { accountId, projectId: row.id }, 'project.create', `project "${row.name}" (${row.id})`);
    return row;
  });
  return { id: p.id, account_id: p.accountId, name: p.name, ping_key: p.pingKey, created_at: iso(p.createdAt) };
}

export async function listProjects(prisma: PrismaClient, opts: { account?: string }) {
  const where = opts.account ? { accountId: requireUuid(opts.account, 'account') } : {};
  const rows = await prisma.project.findMany({ where, orderBy: { createdAt: 'asc' } });
  return rows.map((p) => ({ id: p.id, account_id: p.accountId, name: p.name, ping_key: p.pingKey, created_at: iso(p.createdAt) }));
}

/** Prints the full key exactly once; only its SHA-256 is stored. */
export async function createKey(prisma: PrismaClient, opts: { project?: string; kind?: string; name?: string }) {
  const projectId = requireUuid(opts.project, 'project');
  if (opts.kind !== 'rw' && opts.kind !== 'ro') throw new CliError('--kind must be rw or ro', 2);
  const project = await prisma.project.findUnique({ where: { id: projectId } });
  if (!project) throw new CliError(`project ${projectId} not found`);
  const generated = generateApiKey(opts.kind);
  const data = { projectId, kind: opts.kind, name: opts.name ?? null, prefix: generated.prefix, hash: generated.hash } as const;
  const k = await prisma.$transaction(async (tx) => {
    const row = await tx.apiKey.create({ data });
    await auditOperatorChange(tx, { accountId: project.accountId, projectId: project.id }, 'api_key.create', apiKeyAuditTarget(project.name, row));
    return row;
  });
  return { id: k.id, project_id: projectId, kind: k.kind, name: k.name, prefix: k.prefix, key: generated.key, created_at: iso(k.createdAt) };
}

export async function listKeys(prisma: PrismaClient, opts: { project?: string }) {
  const projectId = requireUuid(opts.project, 'project');
  const rows = await prisma.apiKey.findMany({ where: { projectId }, orderBy: { createdAt: 'asc' } });
  return rows.map((k) => ({
    id: k.id,
    kind: k.kind,
    name: k.name,
    prefix: k.prefix,
    created_at: iso(k.createdAt),
    last_used_at: iso(k.lastUsedAt),
    revoked_at: iso(k.revokedAt),
  }));
}

export async function revokeKey(prisma: PrismaClient, opts: { id?: string }, now: Date) {
  const id = requireUuid(opts.id, 'id');
  const existing = await prisma.apiKey.findUnique({ where: { id }, include: { project: true } });
  if (!existing) throw new CliError(`key ${id} not found`);
  const { project } = existing;
  // A revocation scheduled for later (rotation with a grace period) is brought forward to now.
  const k =
    existing.revokedAt && existing.revokedAt <= now
      ? existing
      : await prisma.$transaction(async (tx) => {
          const row = await tx.apiKey.update({ where: { id }, data: { revokedAt: now } });
          await auditOperatorChange(tx, { accountId: project.accountId, projectId: project.id }, 'api_key.revoke', apiKeyAuditTarget(project.name, row));
          return row;
        });
  return { id: k.id, prefix: k.prefix, revoked_at: iso(k.revokedAt) };
}
