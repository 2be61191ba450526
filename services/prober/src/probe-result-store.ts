import { createBatcher, type Batcher } from '@upmon/batching';
import { CheckBatch } from '@upmon/check-store';
import type { ProbeOutcome } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import { withPgTransaction, type PgPool } from '@upmon/db';
import type { FlipMetrics } from '@upmon/metrics';

export interface ProbeResult {
  checkId: string;
  method: string;
  outcome: ProbeOutcome;
  durationMs: number;
  /** When the result was observed: the ping's ts and the state machine's now. */
  at: Date;
}

export interface ProbeResultStoreDeps {
  pool: PgPool;
  cipher: Cipher;
  userAgent: string;
  flipMetrics: FlipMetrics;
}

/**
 * Records probe results: for each, a ping and the state-machine event, committed together (the
 * notifier takes the flips from PostgreSQL).
 *
 * Written through check-store's `CheckBatch` (lock in id order, the state machine per result,
 * one statement for states, flips and pings), as group commits: concurrent probe results share one
 * transaction (a Prisma transaction per probe capped the prober at a few dozen probes/s here).
 */
export class ProbeResultStore {
  private readonly groups: Batcher<ProbeResult, boolean>;

  constructor(
    private readonly deps: ProbeResultStoreDeps,
    opts: { maxGroup?: number; maxParallel?: number } = {},
  ) {
    this.groups = createBatcher((items) => this.writeGroup(items), { maxBatch: opts.maxGroup ?? 500, maxConcurrent: opts.maxParallel ?? 2, gather: 'none' });
  }

  /** Resolves after commit: true when recorded, false when the check no longer exists. */
  record(result: ProbeResult): Promise<boolean> {
    return this.groups.submit(result);
  }

  drain(): Promise<void> {
    return this.groups.drain();
  }

  private async writeGroup(results: ProbeResult[]): Promise<boolean[]> {
    const { recorded, reasons } = await withPgTransaction(this.deps.pool, async (client) => {
      const batch = await CheckBatch.lock(
        client,
        results.map((r) => r.checkId),
      );
      // Results for one check are applied in the order they arrived.
      const recorded = results.map((r) => {
        if (!batch.get(r.checkId)) return false;
        batch.transition(r.checkId, { type: 'probe', ok: r.outcome.ok, warning: r.outcome.warning }, r.at);
        batch.recordPing(
          r.checkId,
          {
            ts: r.at.toISOString(),
            type: r.outcome.ok ? 'success' : 'fail',
            method: r.method,
            userAgent: this.deps.userAgent.slice(0, 200),
            bodySize: Buffer.byteLength(r.outcome.explanation),
            body: this.deps.cipher.encrypt(r.outcome.explanation, AAD.pingBody(r.checkId)),
            durationMs: r.durationMs,
          },
          r.outcome.ok ? 'success' : 'fail',
        );
        return true;
      });
      await batch.write(client);
      return { recorded, reasons: batch.flipRecords().map((f) => f.reason) };
    });
    for (const reason of reasons) this.deps.flipMetrics.committed(reason);
    return recorded;
  }
}
