import { randomUUID } from 'node:crypto';
import { planLimits } from '@upmon/core';
import { Prisma } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { CHECK_ROW_SELECT, type CheckRow } from './check-presenter.js';
import type { CheckInput } from './check-input.js';
import { checkInputColumns, healthchecksSettingsColumns, integrationAssignmentColumns, type HealthchecksSettings } from './check-columns.js';
import { lockDependencyGraph, validateDependencies } from './check-dependencies.js';
import { requireKnownLocations, type CheckWriteDeps } from './known-locations.js';

export const SLUG_TAKEN = 'is already used by another check in this project';

/** A unique index refused the write; `field` names the column when Prisma says which. */
export function isUniqueViolation(err: unknown, field?: string): boolean {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError) || err.code !== 'P2002') return false;
  return field === undefined || JSON.stringify(err.meta ?? {}).includes(field);
}

/** What only some callers choose (the Healthchecks-compatible API): the check's id, explicit integrations, its settings. */
export interface CreateCheckOptions {
  /** Defaults to a new random UUID. */
  id?: string;
  /** Explicit integration assignment; null or undefined: the integrations' tags rule. */
  integrationIds?: number[] | null;
  /** Defaults: no grace asked beyond upmon's, every ping method counts. */
  healthchecks?: HealthchecksSettings;
  /**
   * The locations are a stored check's (a clone): kept as they are, even one that no longer exists
   * (docs/locations.md, "A location removed"), as a PATCH that leaves them keeps them.
   */
  locationsCopied?: boolean;
  /** Monitoring as code: the key the check is applied under (docs/monitoring-as-code.md). */
  codeKey?: string;
}

/**
 * Creates a check within the account's plan quota. The account row is locked for the count and
 * the insert, so concurrent creations cannot overshoot the quota. A new check is `new` with no
 * deadline; an http check's next_probe_at stays null, which the probe scheduler treats as due now.
 */
export async function createCheck(deps: CheckWriteDeps, auth: ProjectScope, input: CheckInput, options: CreateCheckOptions = {}): Promise<CheckRow> {
  const { prisma, cipher } = deps;
  try {
    return await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${auth.accountId}::uuid FOR UPDATE`;
      const [{ n } = { n: 0 }] = await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM checks c JOIN projects p ON p.id = c.project_id WHERE p.account_id = ${auth.accountId}::uuid`;
      const quota = planLimits(auth.plan).checkQuota;
      if (n >= quota) {
        throw new ApiError('forbidden', `check quota reached: the ${auth.plan} plan allows ${quota} checks per account; delete a check or upgrade the plan`);
      }
      if (!options.locationsCopied) await requireKnownLocations(tx, auth.accountId, deps.config.publicLocations, input.locations ?? []);
      if (input.slug !== undefined) {
        const taken = await tx.check.findFirst({ where: { projectId: auth.projectId, slug: input.slug }, select: { id: true } });
        if (taken) throw ApiError.validation({ slug: [SLUG_TAKEN] });
      }
      // The id is chosen here (or kept from a Healthchecks import): the encrypted credentials are bound to it.
      const id = options.id ?? randomUUID();
      let dependsOn: string[] = [];
      if (input.depends_on && input.depends_on.length > 0) {
        await lockDependencyGraph(tx, auth.projectId);
        dependsOn = await validateDependencies(tx, auth.projectId, id, input.depends_on);
      }
      const row = await tx.check.create({
        data: {
          id,
          projectId: auth.projectId,
          kind: input.kind,
          slug: input.slug ?? null,
          ...checkInputColumns(input, cipher, id),
          ...integrationAssignmentColumns(options.integrationIds),
          ...healthchecksSettingsColumns(options.healthchecks),
          dependsOn,
          codeKey: options.codeKey ?? null,
        },
        select: CHECK_ROW_SELECT,
      });
      await recordAuditEvent(tx, { accountId: auth.accountId, projectId: auth.projectId, actor: auth.actor, action: 'check.create', target: checkTarget(row) });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'slug')) throw ApiError.validation({ slug: [SLUG_TAKEN] });
    if (isUniqueViolation(err, 'code_key'))
      throw new ApiError(
        'precondition_failed',
        `the check "${options.codeKey}" was created since it was planned (another apply or an edit in the app); plan again`,
      );
    if (isUniqueViolation(err)) throw new ApiError('conflict', 'a check with this id already exists');
    throw err;
  }
}

/** How the audit log names a check. */
export function checkTarget(check: { id: string; name: string }): string {
  return `check "${check.name}" (${check.id})`;
}
