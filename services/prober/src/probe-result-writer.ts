import { applyCheckEventInTx, publishFlips, recordPingInTx, type CommittedFlip } from '@upmon/check-store';
import type { ProbeOutcome } from '@upmon/core';
import type { Cipher } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';

export interface ProbeResult {
  checkId: string;
  method: string;
  outcome: ProbeOutcome;
  durationMs: number;
  /** When the result was observed: the ping's ts and the state machine's now. */
  at: Date;
}

export interface ProbeResultWriterDeps {
  prisma: PrismaClient;
  queues: Queues;
  cipher: Cipher;
  logger: Logger;
  userAgent: string;
}

/**
 * Records a probe result: the ping and the state-machine event in ONE transaction (the event
 * first, as it locks the check row and tells us whether the check still exists), then the flip
 * is published after commit (the scheduler's relay covers a failed publish).
 * Returns false when the check was deleted meanwhile.
 */
export async function writeProbeResult(deps: ProbeResultWriterDeps, r: ProbeResult): Promise<boolean> {
  const applied = await deps.prisma.$transaction(async (tx) => {
    const a = await applyCheckEventInTx(tx, r.checkId, { type: 'probe', ok: r.outcome.ok, warning: r.outcome.warning }, r.at);
    if (!a) return null;
    await recordPingInTx(tx, deps.cipher, {
      checkId: r.checkId,
      type: r.outcome.ok ? 'success' : 'fail',
      method: r.method,
      userAgent: deps.userAgent,
      body: r.outcome.explanation,
      durationMs: r.durationMs,
      ts: r.at,
    });
    return a;
  });
  if (!applied) return false;
  if (applied.flip) {
    const flips: CommittedFlip[] = [{ id: applied.flip.id, checkId: r.checkId }];
    await publishFlips(deps.prisma, deps.queues, flips, deps.logger);
  }
  return true;
}
