import { CheckBatch } from '@upmon/check-store';
import { InvalidTransitionError, type FlipRecord } from '@upmon/core';
import { withPgTransaction, type PrismaClient } from '@upmon/db';
import type pg from 'pg';
import type { FlipMetrics } from '@upmon/metrics';
import { recordAuditEventWithPg } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { CHECK_ROW_SELECT, type CheckRow } from './check-presenter.js';
import { checkTarget } from './create-check.js';

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
 * A change is audited (`check.pause`, `check.resume`, as the bulk action) in the same transaction.
 */
export async function pauseOrResumeCheck(deps: PauseResumeDeps, auth: ProjectScope, checkId: string, event: 'pause' | 'resume', now: Date): Promise<CheckRow> {
  let flip: FlipRecord | null;
  try {
    flip = await withPgTransaction(deps.pool, async (client) => {
      const batch = await CheckBatch.lock(client, [checkId]);
      const locked = batch.get(checkId);
      if (locked?.row.project_id !== auth.projectId) throw ApiError.notFound('check not found');
      const changes = event === 'resume' || locked.state.status !== 'paused';
      const r = batch.transition(checkId, { type: event }, now);
      await batch.write(client);
      if (changes) {
        const { rows } = await client.query<{ name: string }>('SELECT name FROM checks WHERE id = $1', [checkId]);
        await recordAuditEventWithPg(client, {
          accountId: auth.accountId,
          projectId: auth.projectId,
          actor: auth.actor,
          action: event === 'pause' ? 'check.pause' : 'check.resume',
          target: checkTarget({ id: checkId, name: rows[0]?.name ?? '' }),
        });
      }
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
