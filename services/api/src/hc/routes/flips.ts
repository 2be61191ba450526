import { Router } from 'express';
import { ApiError } from '@upmon/domain';
import { authOf } from '../../v1/authenticate.js';
import type { V1Context } from '../../v1/context.js';
import { listHcFlips } from '../queries/hc-flip-reads.js';
import { hcTimestamp } from '../presenters/hc-timestamp.js';
import { checkByUuidOrUniqueKey } from './checks.js';

/** Healthchecks' bounds (hc/api/forms.py FlipsFiltersForm). */
const SECONDS_MAX = 31_536_000;
const TIMESTAMP_MAX = 10_000_000_000;

function intParam(query: Record<string, unknown>, name: string, max: number): number | undefined {
  const v = query[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || !/^\d{1,11}$/.test(v) || Number(v) > max)
    throw new ApiError('bad_request', `invalid ${name}: must be an integer from 0 to ${max}`);
  return Number(v);
}

/**
 * /checks/<uuid or unique_key>/flips/: `{"flips": [{timestamp, up}]}` newest first, filtered by
 * `seconds` (the last n seconds), `start` and `end` (UNIX times; start inclusive, end exclusive).
 * Healthchecks has no "late": a flip to late is left out (Healthchecks counts that time as up).
 */
export function hcFlipsRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/checks/:id/flips', async (req, res) => {
    const q = req.query as Record<string, unknown>;
    const seconds = intParam(q, 'seconds', SECONDS_MAX);
    const start = intParam(q, 'start', TIMESTAMP_MAX);
    const end = intParam(q, 'end', TIMESTAMP_MAX);
    const check = await checkByUuidOrUniqueKey(ctx, authOf(res).projectId, String(req.params.id));
    const now = ctx.clock.now().getTime();
    const since = Math.max(start !== undefined ? start * 1000 : -Infinity, seconds ? now - seconds * 1000 : -Infinity);
    const rows = await listHcFlips(ctx.pool, check.id, {
      since: Number.isFinite(since) ? new Date(since) : null,
      until: end !== undefined ? new Date(end * 1000) : null,
    });
    res.json({ flips: rows.map((f) => ({ timestamp: hcTimestamp(f.ts), up: f.new_status === 'up' ? 1 : 0 })) });
  });
  return r;
}
