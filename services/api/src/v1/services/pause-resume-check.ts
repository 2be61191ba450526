import { applyCheckEventInTx } from '@upmon/check-store';
import { InvalidTransitionError } from '@upmon/core';
import type { PrismaClient } from '@upmon/db';
import type { FlipMetrics } from '@upmon/metrics';
import { ApiError } from '../../http/api-error.js';
import type { ProjectScope } from '../authenticate.js';
import { CHECK_ROW_SELECT, type CheckRow } from '../presenters/check-presenter.js';

export interface PauseResumeDeps {
  prisma: PrismaClient;
  flipMetrics: FlipMetrics;
}

/**
 * POST pause / resume through the state machine (DESIGN.md transition table): pause → paused
 * (flip reason manual; pausing a paused check changes nothing); resume → up if pinged before,
 * else new (flip reason resumed); resume of a check that is not paused → 409. The flip is
 * committed with the change; pauses and resumes notify nobody, so it is written fanned out.
 */
export async function pauseOrResumeCheck(
  deps: PauseResumeDeps,
  auth: ProjectScope,
  checkId: string,
  event: 'pause' | 'resume',
  now: Date,
): Promise<CheckRow> {
  let applied;
  try {
    applied = await deps.prisma.$transaction(async (tx) => {
      const owned = await tx.check.findFirst({ where: { id: checkId, projectId: auth.projectId }, select: { id: true } });
      if (!owned) throw ApiError.notFound('check not found');
      return applyCheckEventInTx(tx, checkId, { type: event }, now);
    });
  } catch (err) {
    if (err instanceof InvalidTransitionError) throw new ApiError('conflict', 'check is not paused: only a paused check can be resumed');
    throw err;
  }
  if (!applied) throw ApiError.notFound('check not found');
  if (applied.flip) deps.flipMetrics.committed(applied.flip.reason);
  const c = applied.check;
  const row: CheckRow = Object.fromEntries(Object.keys(CHECK_ROW_SELECT).map((k) => [k, c[k as keyof typeof c]])) as CheckRow;
  return row;
}
