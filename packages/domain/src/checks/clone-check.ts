import { isProbedKind, joinHttpConfig } from '@upmon/core';
import { AAD } from '@upmon/crypto';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { storedProbeConfig } from './check-columns.js';
import { validateCheckInput } from './check-input.js';
import { presentSchedule, type CheckRow } from './check-presenter.js';
import { createCheck } from './create-check.js';
import type { CheckWriteDeps } from './known-locations.js';

/** Longest check name (the API's bound): "Copy of …" is cut to it. */
const NAME_MAX = 255;

/**
 * A copy of a check of the project (docs/web.md, "Clone"): the same kind, schedule, grace, tags,
 * description, dependencies, probe settings (credentials included) and integration assignment,
 * named "Copy of <name>", with a new id (so a new ping URL) and no slug (slugs are unique); it
 * starts `new`, without pings or history. Goes through the API's validation and the plan quota.
 * The caller spends the account's creation budget.
 */
export async function cloneCheck(deps: CheckWriteDeps, auth: ProjectScope, checkId: string): Promise<CheckRow> {
  const row = await deps.prisma.check.findFirst({ where: { id: checkId, projectId: auth.projectId } });
  if (!row) throw new ApiError('not_found', 'check not found');
  const body: Record<string, unknown> = {
    name: `Copy of ${row.name}`.slice(0, NAME_MAX),
    kind: row.kind,
    description: row.description,
    tags: row.tags,
    tz: row.tz,
    grace_sec: row.graceSec,
    schedule: (({ tz: _tz, ...s }) => s)(presentSchedule(row)),
    depends_on: row.dependsOn,
  };
  if (row.kind === 'heartbeat') body.min_run_sec = row.minRunSec;
  else if (row.kind === 'http')
    body.http_config = joinHttpConfig(row.httpConfig, row.httpSecrets ? deps.cipher.decryptJson(row.httpSecrets, AAD.checkHttpSecrets(row.id)) : null);
  else if (isProbedKind(row.kind)) body[`${row.kind}_config`] = storedProbeConfig(row, deps.cipher);
  if (isProbedKind(row.kind)) Object.assign(body, { locations: row.locations, quorum: row.quorum });
  const input = validateCheckInput(body);
  return createCheck(deps, auth, input, {
    locationsCopied: true,
    integrationIds: row.integrationsExplicit ? row.integrationIds : null,
    healthchecks: { hcGraceSec: row.hcGraceSec, postOnly: row.postOnly },
  });
}
