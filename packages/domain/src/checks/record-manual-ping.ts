import { CheckBatch } from '@upmon/check-store';
import { withPgTransaction } from '@upmon/db';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import type { PauseResumeDeps } from './pause-resume-check.js';

/** The user agent of a ping sent from the web app's "Ping now": where it came from, and who. */
export const manualPingSource = (by: string) => `upmon web app (ping now by ${by})`.slice(0, 200);

/**
 * "Ping now" on a heartbeat check's page: a success ping recorded as if the job had pinged
 * (through the state machine, so a down check recovers and its recovery is notified), with the
 * web app and the person as its source. A paused check stays paused (pings are recorded, as
 * received ones are); probed checks are probed, not pinged → 409.
 */
export async function recordManualPing(deps: PauseResumeDeps, auth: ProjectScope, checkId: string, by: string, now: Date): Promise<void> {
  const flip = await withPgTransaction(deps.pool, async (client) => {
    const batch = await CheckBatch.lock(client, [checkId]);
    const locked = batch.get(checkId);
    if (locked?.row.project_id !== auth.projectId) throw ApiError.notFound('check not found');
    if (locked.state.kind !== 'heartbeat') throw new ApiError('conflict', 'only heartbeat checks are pinged: this check is probed by upmon');
    const r = batch.transition(checkId, { type: 'ping', kind: 'success' }, now);
    batch.recordPing(
      checkId,
      { ts: now.toISOString(), type: 'success', method: 'POST', userAgent: manualPingSource(by), bodySize: 0, body: null, note: r.note ?? null },
      'success',
    );
    await batch.write(client);
    return r.flip;
  });
  if (flip) deps.flipMetrics.committed(flip.reason);
}
