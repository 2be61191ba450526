import { isDeepStrictEqual } from 'node:util';
import { rescheduleEditedCheck, scheduleOf } from '@upmon/check-store';
import { isProbedKind, nextProbeAt } from '@upmon/core';
import type { Check, Prisma } from '@upmon/db';
import { ApiError } from '../errors.js';
import { probeTestBudgets } from '../rate-limits/budgets.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import type { ProjectScope } from '../project-scope.js';
import { CHECK_ROW_SELECT, presentSchedule, type CheckRow } from './check-presenter.js';
import { validateCheckInput } from './check-input.js';
import { requireKnownLocations, type CheckWriteDeps } from './known-locations.js';
import { checkInputColumns, healthchecksSettingsColumns, integrationAssignmentColumns, storedProbeConfig, type HealthchecksSettings } from './check-columns.js';
import { lockDependencyGraph, validateDependencies } from './check-dependencies.js';
import { isUniqueViolation, SLUG_TAKEN } from './create-check.js';

/** The stored check in the shape of a request body, so a PATCH can be merged onto it. */
export function storedAsInput(row: Check, probeConfig: Record<string, unknown> | null): Record<string, unknown> {
  const { tz: _tz, ...schedule } = presentSchedule(row);
  return {
    name: row.name,
    kind: row.kind,
    description: row.description,
    tags: row.tags,
    tz: row.tz,
    grace_sec: row.graceSec,
    min_run_sec: row.minRunSec,
    locations: row.locations,
    quorum: row.quorum,
    schedule,
    ...(probeConfig ? { [`${row.kind}_config`]: probeConfig } : {}),
  };
}

/** What only some callers change (the Healthchecks-compatible API): the slug, explicit integrations, its settings. */
export interface UpdateCheckOptions {
  /** undefined keeps them. */
  healthchecks?: HealthchecksSettings;
  /** A new slug (validated by the caller), null to remove it; undefined keeps it. */
  slug?: string | null;
  /** Explicit integration assignment, null for the tags rule; undefined keeps it. */
  integrationIds?: number[] | null;
  /** Monitoring as code: the key the check is applied under; undefined keeps it. */
  codeKey?: string;
  /** Runs on the locked stored row before anything is written (an If-Match precondition throws). */
  beforeWrite?: (row: Check) => void;
}

/** A check's writers, and what a probe made due at once spends: the account's "test now" budget. */
export interface CheckUpdateDeps extends CheckWriteDeps {
  config: CheckWriteDeps['config'] & { redisPrefix: string };
  rateLimiter: RateLimiter;
  clock: { now(): Date };
}

/**
 * PATCH: partial. Absent fields keep their values; `kind` and `slug` in the body are ignored; the
 * merged result is validated as a whole (so cross-field rules hold). Schedule, grace and tz
 * changes recompute the pending deadline from the same anchor (last ping or resume). A probed
 * check whose target or schedule changed is probed at once while the account's "test now" budget
 * lasts, else at its next slot.
 */
export async function updateCheck(
  deps: CheckUpdateDeps,
  auth: ProjectScope,
  checkId: string,
  body: Record<string, unknown>,
  options: UpdateCheckOptions = {},
): Promise<CheckRow> {
  try {
    return await updateCheckInTx(deps, auth, checkId, body, options);
  } catch (err) {
    if (isUniqueViolation(err, 'slug')) throw ApiError.validation({ slug: [SLUG_TAKEN] });
    throw err;
  }
}

function updateCheckInTx(
  { prisma, cipher, config, rateLimiter, clock }: CheckUpdateDeps,
  auth: ProjectScope,
  checkId: string,
  body: Record<string, unknown>,
  options: UpdateCheckOptions,
): Promise<CheckRow> {
  return prisma.$transaction(async (tx) => {
    // New dependencies: the project's graph is locked first (lock order: project, then check rows).
    const dependenciesChange = body.depends_on !== undefined;
    if (dependenciesChange) await lockDependencyGraph(tx, auth.projectId);
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM checks WHERE id = ${checkId}::uuid AND project_id = ${auth.projectId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw ApiError.notFound('check not found');
    const row = await tx.check.findUniqueOrThrow({ where: { id: checkId } });
    options.beforeWrite?.(row);

    const { kind: _kind, slug: _slug, ...changes } = body;
    const storedConfig = storedProbeConfig(row, cipher);
    const merged: Record<string, unknown> = { ...storedAsInput(row, storedConfig), ...changes, kind: row.kind };
    // A schedule given with its own tz (and no top-level tz) moves the check to that zone.
    const schedule = changes.schedule as Record<string, unknown> | undefined;
    if (changes.tz === undefined && schedule && typeof schedule === 'object' && schedule.tz !== undefined) delete merged.tz;
    const input = validateCheckInput(merged, row.tz);
    // Only a PATCH that gives them: stored ones are kept, even one that no longer exists (docs/locations.md).
    if (changes.locations !== undefined) await requireKnownLocations(tx, auth.accountId, config.publicLocations, input.locations ?? []);

    const columns = checkInputColumns(input, cipher, checkId);
    const next = { ...row, ...columns } as Check;
    const nextConfig = (input as unknown as Record<string, Record<string, unknown> | undefined>)[`${row.kind}_config`] ?? storedConfig;
    const data: Prisma.CheckUpdateInput = {
      ...columns,
      ...integrationAssignmentColumns(options.integrationIds),
      ...healthchecksSettingsColumns(options.healthchecks),
    };
    if (options.codeKey !== undefined) data.codeKey = options.codeKey;
    if (dependenciesChange && input.depends_on) data.dependsOn = await validateDependencies(tx, auth.projectId, checkId, input.depends_on);
    if (options.slug !== undefined && options.slug !== row.slug) {
      if (options.slug !== null) {
        const taken = await tx.check.findFirst({ where: { projectId: auth.projectId, slug: options.slug, id: { not: checkId } }, select: { id: true } });
        if (taken) throw ApiError.validation({ slug: [SLUG_TAKEN] });
      }
      data.slug = options.slug;
    }
    const probeChanged =
      isProbedKind(row.kind) &&
      (JSON.stringify(storedAsInput(row, null).schedule) !== JSON.stringify(storedAsInput(next, null).schedule) ||
        row.tz !== next.tz ||
        !isDeepStrictEqual(storedConfig, nextConfig));
    // A changed target or schedule is probed at once (null: due now for the probe scheduler) within
    // the account's "test now" budget, else at the next slot of its schedule: PATCHes must not be a
    // faster way to probe addresses than "test now" (issue 36; docs/probe-checks.md).
    if (probeChanged) {
      const atOnce = (await rateLimiter.hit(probeTestBudgets(config.redisPrefix, auth.accountId))).allowed;
      data.nextProbeAt = atOnce ? null : nextProbeAt(scheduleOf(next), checkId, next.graceSec, clock.now());
    }
    const updated = await tx.check.update({ where: { id: checkId }, data });
    await rescheduleEditedCheck(tx, updated);
    return tx.check.findUniqueOrThrow({ where: { id: checkId }, select: CHECK_ROW_SELECT });
  });
}
