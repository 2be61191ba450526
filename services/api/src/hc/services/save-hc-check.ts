import { randomUUID } from 'node:crypto';
import { isProbedKind } from '@upmon/core';
import { ApiError, spendCheckChange, createCheck, updateCheck, validateCheckInput } from '@upmon/domain';
import { hcToCheckFields, HcSpecError, parseHcSpec, type CheckFields, type HcSpec } from '@upmon/healthchecks';
import type { AuthContext } from '../../v1/authenticate.js';
import type { V1Context } from '../../v1/context.js';
import type { HcVersion } from '../hc-version.js';
import { findHcCheck, hcUpsertCandidates, type HcCheckRow } from '../queries/hc-check-reads.js';
import { storedCheckFields, v1CheckBody } from './check-fields-io.js';
import { findUniqueMatch } from './find-unique-match.js';
import { resolveChannels } from './resolve-channels.js';

/** Healthchecks' validation errors are 400s with its own wording. */
export function parseSpecOrThrow(body: Record<string, unknown>): HcSpec {
  try {
    return parseHcSpec(body);
  } catch (err) {
    if (err instanceof HcSpecError) throw new ApiError('bad_request', err.message);
    throw err;
  }
}

function mapFields(...args: Parameters<typeof hcToCheckFields>) {
  try {
    return hcToCheckFields(...args);
  } catch (err) {
    if (err instanceof HcSpecError) throw new ApiError('bad_request', err.message);
    throw err;
  }
}

const hcSettings = (f: CheckFields) => ({ hcGraceSec: f.hcGraceSec, postOnly: f.postOnly });

/** The check, or 404; http checks are read-only here (Healthchecks has no shape for them). */
export async function ownHeartbeatCheck(ctx: V1Context, auth: AuthContext, id: string): Promise<HcCheckRow> {
  const row = await findHcCheck(ctx.pool, auth.projectId, id);
  if (!row) throw ApiError.notFound('check not found');
  if (isProbedKind(row.kind))
    throw new ApiError('bad_request', `${row.kind} checks are read-only in the Healthchecks-compatible API: manage them through /api/v1`);
  return row;
}

/** POST /checks/<uuid>: partial update; the slug (v3) and `channels` too. */
export async function updateHcCheck(ctx: V1Context, auth: AuthContext, row: HcCheckRow, spec: HcSpec, version: HcVersion): Promise<void> {
  const { fields } = mapFields(spec, storedCheckFields(row), { version, id: row.id });
  const integrationIds = await resolveChannels(ctx.pool, auth.projectId, spec.channels);
  await updateCheck(ctx, auth, row.id, v1CheckBody(fields), { slug: fields.slug, integrationIds, healthchecks: hcSettings(fields) });
}

/**
 * POST /checks/: create, or with `unique` update the first matching check (Healthchecks'
 * upsert). A new check without `channels` keeps upmon's default (the integrations' tags rule)
 * rather than Healthchecks' "no integrations": a check nobody hears of misses outages.
 * Creation spends the account's creation budget, as /api/v1 does; an upsert that matched does not.
 */
export async function createOrUpdateHcCheck(ctx: V1Context, auth: AuthContext, spec: HcSpec, version: HcVersion): Promise<{ id: string; created: boolean }> {
  const id = randomUUID();
  const { fields } = mapFields(spec, null, { version, id });
  if (spec.unique && spec.unique.length > 0) {
    const exact = (f: 'name' | 'slug' | 'timeout') => spec.unique?.includes(f) === true;
    const candidates = await hcUpsertCandidates(ctx.pool, auth.projectId, {
      ...(exact('name') ? { name: spec.name } : {}),
      ...(exact('slug') ? { slug: spec.slug } : {}),
      ...(exact('timeout') ? { timeoutSec: spec.timeout } : {}),
    });
    const match = findUniqueMatch(candidates, spec);
    if (match) {
      if (isProbedKind(match.kind))
        throw new ApiError(
          'bad_request',
          `the matching check is ${match.kind === 'http' ? 'an' : 'a'} ${match.kind} check, read-only in the Healthchecks-compatible API`,
        );
      await updateHcCheck(ctx, auth, match, spec, version);
      return { id: match.id, created: false };
    }
  }
  const input = validateCheckInput({ ...v1CheckBody(fields), ...(fields.slug ? { slug: fields.slug } : {}) });
  const integrationIds = await resolveChannels(ctx.pool, auth.projectId, spec.channels);
  await spendCheckChange(ctx.rateLimiter, ctx.config.redisPrefix, 'create', auth.accountId);
  await createCheck(ctx, auth, input, { id, integrationIds: integrationIds ?? null, healthchecks: hcSettings(fields) });
  return { id, created: true };
}
