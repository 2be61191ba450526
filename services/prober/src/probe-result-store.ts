import { createBatcher, type Batcher } from '@upmon/batching';
import {
  CHECK_STATE_COLUMNS,
  TimestampTexts,
  checkUpdateSql,
  flipInsertSql,
  markFlipsEnqueuedSql,
  publishFlipsWith,
  sqlRowToState,
  type CheckSqlRow,
  type SqlClient,
  type CheckStateWrite,
  type FlipWrite,
} from '@upmon/check-store';
import { transition, type CheckState, type ProbeOutcome } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import { withPgTransaction, type PgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { FlipMetrics } from '@upmon/metrics';
import type { Queues } from '@upmon/queue';

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
  queues: Queues;
  cipher: Cipher;
  logger: Logger;
  userAgent: string;
  flipMetrics: FlipMetrics;
}

/**
 * Records probe results: for each, a ping and the state-machine event, committed together, then
 * the flips are published (the scheduler's relay covers a failed publish).
 *
 * Same semantics as recordPingInTx + applyCheckEventInTx (lock the check row, run the pure
 * transition, save state + flip + ping in one transaction), but as group commits through
 * check-store's SQL batch path (lock, then one statement for states, flips and pings): a Prisma transaction per probe (5 round trips, each compiled by
 * the WASM engine) capped the prober at a few dozen probes/s on this machine.
 */
export class ProbeResultStore {
  private readonly groups: Batcher<ProbeResult, boolean>;

  constructor(private readonly deps: ProbeResultStoreDeps, opts: { maxGroup?: number; maxParallel?: number } = {}) {
    this.groups = createBatcher((items) => this.writeGroup(items), { maxBatch: opts.maxGroup ?? 500, maxConcurrent: opts.maxParallel ?? 2, gather: 'none' });
  }

  /** Resolves after commit: true when recorded, false when the check no longer exists. */
  record(result: ProbeResult): Promise<boolean> {
    return this.groups.submit(result);
  }

  drain(): Promise<void> {
    return this.groups.drain();
  }

  /**
   * check-store's batched state update and flip insert, with the pings' insert in the same
   * statement: one round trip fewer per group.
   */
  private async saveStatesFlipsAndPings(
    client: SqlClient,
    writes: CheckStateWrite[],
    flipWrites: FlipWrite[],
    pings: { result: ProbeResult; n: number }[],
  ): Promise<{ id: bigint; checkId: string }[]> {
    const u = checkUpdateSql(writes, 1);
    const f = flipInsertSql(flipWrites, 1 + u.values.length);
    const p = (i: number) => `$${1 + u.values.length + f.values.length + i}`;
    const { rows } = await client.query<{ id: string; check_id: string }>(
      `WITH u AS (${u.sql} RETURNING 1), f AS (${f.sql}),
            p AS (INSERT INTO pings (check_id, ts, type, method, user_agent, body_size, body, duration_ms, n)
                  SELECT * FROM unnest(${p(0)}::uuid[], ${p(1)}::timestamptz[], ${p(2)}::"PingType"[], ${p(3)}::text[], ${p(4)}::text[], ${p(5)}::int[], ${p(6)}::bytea[], ${p(7)}::int[], ${p(8)}::int[]))
       SELECT id, check_id FROM f`,
      [
        ...u.values,
        ...f.values,
        pings.map(({ result: r }) => r.checkId),
        pings.map(({ result: r }) => r.at.toISOString()),
        pings.map(({ result: r }) => (r.outcome.ok ? 'success' : 'fail')),
        pings.map(({ result: r }) => r.method),
        pings.map(() => this.deps.userAgent.slice(0, 200)),
        pings.map(({ result: r }) => Buffer.byteLength(r.outcome.explanation)),
        pings.map(({ result: r }) => this.deps.cipher.encrypt(r.outcome.explanation, AAD.pingBody(r.checkId))),
        pings.map(({ result: r }) => r.durationMs),
        pings.map(({ n }) => n),
      ],
    );
    return rows.map((r) => ({ id: BigInt(r.id), checkId: r.check_id }));
  }

  private async writeGroup(results: ProbeResult[]): Promise<boolean[]> {
    const { recorded, flips, reasons } = await withPgTransaction(this.deps.pool, async (client) => {
      // Sorted ids: concurrent groups lock shared rows in the same order, so they cannot deadlock.
      const ids = [...new Set(results.map((r) => r.checkId))].sort();
      const { rows } = await client.query<CheckSqlRow>(
        `SELECT ${CHECK_STATE_COLUMNS} FROM checks c WHERE c.id = ANY($1::uuid[]) ORDER BY c.id FOR UPDATE`,
        [ids],
      );
      const current = new Map<string, { row: CheckSqlRow; state: CheckState; lastType: 'success' | 'fail'; nPings: number }>();
      for (const row of rows) current.set(row.id, { row, state: sqlRowToState(row), lastType: 'success', nPings: row.n_pings });

      const flipWrites: FlipWrite[] = [];
      const pings: { result: ProbeResult; n: number }[] = [];
      const recorded = results.map((r) => {
        const c = current.get(r.checkId);
        if (!c) return false;
        // Results for one check are applied in the order they arrived.
        const t = transition(c.state, { type: 'probe', ok: r.outcome.ok, warning: r.outcome.warning }, r.at);
        c.state = t.state;
        c.lastType = r.outcome.ok ? 'success' : 'fail';
        c.nPings += 1;
        if (t.flip) flipWrites.push({ checkId: r.checkId, projectId: c.row.project_id, flip: t.flip });
        pings.push({ result: r, n: c.nPings });
        return true;
      });
      const writes: CheckStateWrite[] = [...current.values()].map((c) => ({
        id: c.row.id,
        state: c.state,
        texts: TimestampTexts.ofRow(c.row),
        lastPingType: c.lastType,
        nPings: c.nPings,
      }));
      const flips = pings.length > 0 ? await this.saveStatesFlipsAndPings(client, writes, flipWrites, pings) : [];
      return { recorded, flips, reasons: flipWrites.map((f) => f.flip.reason) };
    });
    for (const reason of reasons) this.deps.flipMetrics.committed(reason);
    if (flips.length > 0) await publishFlipsWith(markFlipsEnqueuedSql(this.deps.pool), this.deps.queues, flips, this.deps.logger);
    return recorded;
  }
}
