import { encodeProbeTarget, readProbeTargets, scheduleOf } from '@upmon/check-store';
import { nextProbeAt, PRIVATE_LOCATION_PREFIX } from '@upmon/core';
import { withPgTransaction } from '@upmon/db';
import { PROBES_PER_JOB, type ProbeJob, type ProbeRef } from '@upmon/queue';
import type { SchedulerDeps, SchedulerTask } from '../task.js';

interface DueProbeRow {
  id: string;
  schedule_kind: 'period' | 'cron' | 'oncalendar';
  period_sec: number | null;
  cron: string | null;
  oncalendar: string | null;
  tz: string;
  grace_sec: number;
  next_probe_at: Date | null;
  locations: string[] | null;
}

/** When a check's schedule cannot be evaluated, probe it this often rather than never. */
const FALLBACK_INTERVAL_MS = 5 * 60_000;

/** The location whose probers read PostgreSQL themselves (docs/locations.md). */
const LOCAL_LOCATION = 'local';

/**
 * Shortest pause between two rounds that found little to do. Probes fall due every few ms when
 * thousands of checks are spread over their periods; a round (one transaction, one enqueue) per
 * slot cost far more than the probes it claimed. Waking at most every ROUND_GAP_MS groups them,
 * at the price of at most that much scheduling lag.
 */
export const ROUND_GAP_MS = 100;

/**
 * Claims due probes (every probed kind) and puts each on the `probes` queue of each of its check's
 * locations (docs/probe-checks.md, docs/locations.md: the check's own list, or PUBLIC_LOCATIONS).
 *
 * One transaction per batch: lock due rows with FOR UPDATE SKIP LOCKED (several schedulers
 * share the work without waiting on each other), enqueue, advance next_probe_at, commit. The
 * enqueue happens before the commit, so a crash in between leaves the rows due and the next round
 * enqueues the same probes again under the same job ids (`probe-<check>-<scheduledAtMs>`), which
 * BullMQ collapses: every due probe is enqueued at least once. Probes go PROBES_PER_JOB to a job
 * (named by its content); a repeated round that claims a different set makes different jobs, and
 * the prober's per-probe claim keeps every probe to one run.
 * SQL on the pg pool rather than Prisma: this is a hot path (a transaction every ROUND_GAP_MS).
 */
export function createProbeSchedulerTask(
  deps: Pick<SchedulerDeps, 'pool' | 'queues' | 'logger' | 'config'> & { cipher?: SchedulerDeps['cipher'] },
): SchedulerTask {
  const { queues, logger, config } = deps;
  const { pool } = deps;
  let lastRoundAt = Number.NEGATIVE_INFINITY;
  /**
   * A location some prober serves: a public one, or a private location's code (the api hands those
   * out to their account's prober). Any other name is a public location the operator has removed
   * from PUBLIC_LOCATIONS, kept by the checks that name it (docs/locations.md, "A location
   * removed"): nobody takes its queue, which would only grow.
   */
  const served = (location: string) => location.startsWith(PRIVATE_LOCATION_PREFIX) || config.publicLocations.includes(location);

  /**
   * Remote public locations' probes carry their target (docs/locations.md, "Results of remote
   * locations"): their probers may reach no database. Read once per round for the checks that go
   * to any of them; a check whose config cannot be read is not sent there.
   */
  const withRemoteTargets = async (client: Pick<typeof pool, 'query'>, refsByLocation: Map<string, ProbeRef[]>) => {
    // Public locations only: a private location's prober gets its probes' configs from the api.
    const remote = [...refsByLocation].filter(([location]) => location !== LOCAL_LOCATION && config.publicLocations.includes(location));
    if (remote.length === 0) return;
    if (!deps.cipher) throw new Error('remote locations need the encryption keys (ENCRYPTION_KEYS) to put their probes in their jobs');
    const ids = [...new Set(remote.flatMap(([, refs]) => refs.map((r) => r.checkId)))];
    const targets = await readProbeTargets(client, deps.cipher, ids);
    for (const [location, refs] of remote) {
      const withTargets: ProbeRef[] = [];
      for (const ref of refs) {
        const target = targets.get(ref.checkId);
        const encoded = target ? encodeProbeTarget(target) : null;
        if (encoded) withTargets.push({ ...ref, target: encoded });
        else logger.error({ checkId: ref.checkId, location, err: target?.unreadable }, 'remote probe not sent: its config cannot be read');
      }
      refsByLocation.set(location, withTargets);
    }
  };
  return {
    name: 'probe-scheduler',
    batchSize: config.batchSize,
    // Lets the loop wake when the next probe is due instead of after the idle interval, which
    // keeps the scheduling lag within ROUND_GAP_MS. A never-probed check (null) is due now.
    // Two index probes (checks_next_probe_at_probed_idx), not an aggregate over every probed check:
    // this runs after every round.
    async nextDueAt(): Promise<Date | null> {
      const {
        rows: [row],
      } = await pool.query<{ pending: boolean; next: Date | null }>(
        `SELECT EXISTS (SELECT 1 FROM checks WHERE kind <> 'heartbeat' AND status <> 'paused' AND next_probe_at IS NULL) AS pending,
                (SELECT min(next_probe_at) FROM checks WHERE kind <> 'heartbeat' AND status <> 'paused') AS next`,
      );
      const due = !row ? null : row.pending ? new Date(0) : row.next;
      if (!due) return null;
      return new Date(Math.max(due.getTime(), lastRoundAt + ROUND_GAP_MS));
    },
    async runOnce(now: Date): Promise<number> {
      lastRoundAt = now.getTime();
      const { probes, jobs } = await withPgTransaction(pool, async (client) => {
        // The redundant "c.id = ANY" in the UPDATE below keeps the planner on the primary key.
        const { rows } = await client.query<DueProbeRow>(
          `SELECT id, schedule_kind, period_sec, cron, oncalendar, tz, grace_sec, next_probe_at, locations
           FROM checks
           WHERE kind <> 'heartbeat' AND status <> 'paused' AND (next_probe_at IS NULL OR next_probe_at <= $1)
           ORDER BY next_probe_at ASC NULLS FIRST
           LIMIT $2
           FOR UPDATE SKIP LOCKED`,
          [now, config.batchSize],
        );
        if (rows.length === 0) return { probes: 0, jobs: 0 };

        const refsByLocation = new Map<string, ProbeRef[]>();
        const ids: string[] = [];
        const nexts: string[] = [];
        for (const r of rows) {
          // A new check (next_probe_at null) is probed at once: its first status should not wait a period.
          const scheduledAt = r.next_probe_at ?? now;
          let next: Date;
          try {
            next = nextProbeAt(
              scheduleOf({ scheduleKind: r.schedule_kind, periodSec: r.period_sec, cron: r.cron, oncalendar: r.oncalendar, tz: r.tz }),
              r.id,
              r.grace_sec,
              now,
            );
          } catch (err) {
            logger.error({ checkId: r.id, err: (err as Error).message }, 'probe schedule cannot be evaluated; probing on the fallback interval');
            next = new Date(now.getTime() + FALLBACK_INTERVAL_MS);
          }
          const ref = { checkId: r.id, scheduledAt: scheduledAt.toISOString() };
          for (const location of r.locations && r.locations.length > 0 ? r.locations : config.publicLocations) {
            if (!served(location)) continue;
            const refs = refsByLocation.get(location) ?? [];
            refs.push(ref);
            refsByLocation.set(location, refs);
          }
          ids.push(r.id);
          nexts.push(next.toISOString());
        }
        await withRemoteTargets(client, refsByLocation);
        // Before the commit: if Redis refuses, the transaction rolls back and the probes stay due.
        // Bounded by Queues (5 s): the row locks and the transaction must not wait on a dead Redis.
        let jobCount = 0;
        for (const [location, refs] of refsByLocation) {
          const jobs: ProbeJob[] = [];
          for (let i = 0; i < refs.length; i += PROBES_PER_JOB) jobs.push({ probes: refs.slice(i, i + PROBES_PER_JOB) });
          await queues.enqueueProbes(location, jobs);
          jobCount += jobs.length;
        }
        await client.query(
          `UPDATE checks AS c SET next_probe_at = v.next_probe_at
           FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, next_probe_at)
           WHERE c.id = v.id AND c.id = ANY($1::uuid[])`,
          [ids, nexts],
        );
        return { probes: rows.length, jobs: jobCount };
      });
      if (probes > 0) logger.debug({ probes, jobs }, 'probes enqueued');
      return probes;
    },
  };
}
