import { CheckBatch } from '@upmon/check-store';
import { InvalidTransitionError, type FlipRecord } from '@upmon/core';
import { withPgTransaction, type PrismaClient } from '@upmon/db';
import type pg from 'pg';
import type { FlipMetrics } from '@upmon/metrics';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { CHECK_ROW_SELECT, type CheckRow } from './check-presenter.js';

export interface PauseResumeDeps {
  prisma: PrismaClient;
  pool: pg.Pool;
  flipMetrics: FlipMetrics;
}

/**
 * POST pause / resume through the state machine (docs/design.md transition table), written by
 * check-store's `CheckBatch`: pause → paused (flip reason manual; pausing a paused check changes
 * nothing); resume → up if pinged before, else new (flip reason resumed); resume of a check that is
 * not paused → 409. Pauses and resumes notify nobody, so their flips are written fanned out.
 */
export async function pauseOrResumeCheck(deps: PauseResumeDeps, auth: ProjectScope, checkId: string, event: 'pause' | 'resume', now: Date): Promise<CheckRow> {
  let flip: FlipRecord | null;
  try {
    flip = await withPgTransaction(deps.pool, async (client) => {
      const batch = await CheckBatch.lock(client, [checkId]);
      if (batch.get(checkId)?.row.project_id !== auth.projectId) throw ApiError.notFound('check not found');
      const r = batch.transition(checkId, { type: event }, now);
      await batch.write(client);
      return r.flip;
    });
  } catch (err) {
    if (err instanceof InvalidTransitionError) throw new ApiError('conflict', 'check is not paused: only a paused check can be resumed');
    throw err;
  }
  if (flip) deps.flipMetrics.committed(flip.reason);
  const row = await deps.prisma.check.findUnique({ where: { id: checkId }, select: CHECK_ROW_SELECT });
  if (!row) throw ApiError.notFound('check not found');
  return row;
}
