import { randomUUID } from 'node:crypto';
import { firstFannedOutSince, handBackFannedOut } from '@upmon/check-store';
import { withTimeout, type DeliveryJob } from '@upmon/queue';
import type { Redis } from 'ioredis';
import type { SchedulerDeps, SchedulerTask } from '../task.js';

/** Longest wait for one Redis call (BullMQ waits for a connection that never came up). */
const REDIS_TIMEOUT_MS = 3_000;
/** The recovery lock lapses this long after its holder's last batch (holder died: another takes over). */
const LOCK_TTL_MS = 60_000;

/** Refreshes the lock if we still hold it; 0 when it is gone (expired, or Redis lost its data again). */
const REFRESH_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
/** Sets the sentinel only if this dataset is the one the recovery started in (our lock is still there). */
const FINISH = `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[2], ARGV[2]); redis.call('del', KEYS[1]); return 1 end return 0`;

type Phase = 'fan-outs' | 'reminders' | 'escalations' | 'digests';

interface Recovery {
  token: string;
  since: Date;
  phase: Phase;
  /** Keyset cursor of the phase (fan-outs and reminders: last id; digests: last group). */
  after: string;
  afterGroup: { releasedAt: Date; integrationId: number; checkId: string } | null;
  counts: Record<Phase, number>;
}

const redisCall = <T>(p: Promise<T>): Promise<T> => withTimeout(p, REDIS_TIMEOUT_MS);

/**
 * Redis data loss recovery (docs/architecture.md, "Redis data loss"). Flips wait in PostgreSQL
 * until the notifier has fanned them out, but a Redis that restarts without its data (no
 * persistence, failover to an empty replica, FLUSHALL) loses the delivery jobs of flips already
 * fanned out, and the reminders and digests the scheduler marked sent when it enqueued them.
 *
 * Detection: the key `<REDIS_PREFIX>:epoch` is set once a Redis dataset is known to hold every
 * job of the recent past. Each round reads it (one GET, the whole cost when nothing was lost).
 * When it is missing (data lost, or a new Redis), one scheduler takes `<REDIS_PREFIX>:epoch-recovery`
 * (SET NX with a TTL, refreshed per batch) and, one batch per round, hands again everything of
 * the last REDIS_RECOVERY_WINDOW_MIN minutes:
 *   1. every flip fanned out in the window goes back to waiting (`fanned_out_at` null, notifiers
 *      woken), so the notifier fans it out again with the same delivery job ids;
 *   2. every reminder marked sent (`delivery-reminder-<id>`, flagged `recovered`);
 *   3. every escalation marked sent (its flip's `down` delivery, `delivery-<flip>-<integration>`);
 *   4. every released digest, rebuilt from the held rows released together (same job id).
 * BullMQ ignores an id that still exists; the notifier skips deliveries its log shows as done.
 * Then the sentinel is set, atomically with a check that the lock is still there: if Redis lost
 * its data again meanwhile, nothing is marked and the next round starts over.
 * Redis or Postgres down: the round reports 0 and the loop tries again next round.
 */
export function createRedisRecoveryTask(deps: SchedulerDeps): SchedulerTask {
  const { queues, logger, config } = deps;
  const { pool } = deps;
  const log = logger;
  const epochKey = `${config.redisPrefix}:epoch`;
  const lockKey = `${config.redisPrefix}:epoch-recovery`;
  const batch = config.batchSize;
  let state: Recovery | null = null;
  /** The last round failed: wait the idle interval rather than retrying at once. */
  let failed = false;

  // The scheduler's producer connection (no offline queue: commands fail at once while Redis is down).
  const redis = async () => (await redisCall(queues.queue('deliveries').client)) as unknown as Redis;

  async function start(now: Date): Promise<boolean> {
    const client = await redis();
    if ((await redisCall(client.get(epochKey))) !== null) return false;
    const token = randomUUID();
    const got = await redisCall(client.set(lockKey, token, 'PX', LOCK_TTL_MS, 'NX'));
    if (got !== 'OK') return false; // another scheduler is recovering
    state = {
      token,
      since: new Date(now.getTime() - config.redisRecoveryWindowMin * 60_000),
      phase: 'fan-outs',
      after: '',
      afterGroup: null,
      counts: { 'fan-outs': 0, reminders: 0, escalations: 0, digests: 0 },
    };
    log.warn(
      { since: state.since, windowMin: config.redisRecoveryWindowMin },
      'Redis has no epoch sentinel (it lost its data, or is new): handing recent flips, reminders, escalations and digests again',
    );
    return true;
  }

  /**
   * One batch of the current phase; returns the items handed again and whether the phase is done.
   * (`ORDER BY reminders.id` / `escalations.id`, not `id`: that would sort by the `id::text` output column.)
   */
  async function step(s: Recovery): Promise<{ n: number; done: boolean }> {
    if (s.phase === 'fan-outs') {
      // Flips whose delivery jobs may have been in the lost dataset: fanned out in the window.
      if (s.after === '') {
        const start = await firstFannedOutSince(pool, s.since);
        if (start === null) return { n: 0, done: true };
        s.after = start;
      }
      const { n, lastId } = await handBackFannedOut(pool, s.since, s.after, batch);
      if (lastId) s.after = lastId;
      return { n, done: n < batch };
    }
    if (s.phase === 'reminders') {
      const { rows } = await pool.query<{ id: string; integration_id: number; check_id: string; flip_id: string }>(
        `SELECT id::text, integration_id, check_id, flip_id::text FROM reminders
          WHERE sent_at >= $1 AND cancelled_at IS NULL AND id > $2::bigint ORDER BY reminders.id LIMIT $3`,
        [s.since, s.after, batch],
      );
      const jobs: DeliveryJob[] = rows.map((r) => ({
        integrationId: r.integration_id,
        checkId: r.check_id,
        event: 'reminder',
        flipId: r.flip_id,
        reminderId: r.id,
        recovered: true,
      }));
      await queues.enqueueMany('deliveries', jobs);
      if (rows.length > 0) s.after = rows[rows.length - 1]!.id;
      return { n: rows.length, done: rows.length < batch };
    }
    if (s.phase === 'escalations') {
      // The down of an escalation: the notifier's delivery log skips it if it was delivered.
      const { rows } = await pool.query<{ id: string; integration_id: number; check_id: string; flip_id: string }>(
        `SELECT id::text, integration_id, check_id, flip_id::text FROM escalations
          WHERE sent_at >= $1 AND id > $2::bigint ORDER BY escalations.id LIMIT $3`,
        [s.since, s.after, batch],
      );
      const jobs: DeliveryJob[] = rows.map((r) => ({
        integrationId: r.integration_id,
        checkId: r.check_id,
        event: 'down',
        flipId: r.flip_id,
        recovered: true,
      }));
      await queues.enqueueMany('deliveries', jobs);
      if (rows.length > 0) s.after = rows[rows.length - 1]!.id;
      return { n: rows.length, done: rows.length < batch };
    }
    // Digests: held-release marks the rows of one (integration, check) in one round with one
    // `released_at`, so grouping on it rebuilds the same held ids, hence the same job id.
    const g = s.afterGroup;
    const { rows } = await pool.query<{ released_at: Date; integration_id: number; check_id: string; ids: string[] }>(
      `SELECT released_at, integration_id, check_id, array_agg(id::text ORDER BY id) AS ids
         FROM held_notifications
        WHERE released_at >= $1
          AND ($2::timestamptz IS NULL OR (released_at, integration_id, check_id) > ($2::timestamptz, $3::int, $4::uuid))
        GROUP BY released_at, integration_id, check_id
        ORDER BY released_at, integration_id, check_id
        LIMIT $5`,
      [s.since, g?.releasedAt ?? null, g?.integrationId ?? null, g?.checkId ?? null, batch],
    );
    const jobs: DeliveryJob[] = rows.map((r) => ({
      integrationId: r.integration_id,
      checkId: r.check_id,
      event: 'digest',
      heldIds: r.ids,
      recovered: true,
    }));
    await queues.enqueueMany('deliveries', jobs);
    const last = rows[rows.length - 1];
    if (last) s.afterGroup = { releasedAt: last.released_at, integrationId: last.integration_id, checkId: last.check_id };
    return { n: rows.length, done: rows.length < batch };
  }

  return {
    name: 'redis-recovery',
    batchSize: batch,
    async runOnce(now: Date): Promise<number> {
      try {
        if (!state && !(await start(now))) return 0;
        const s = state as Recovery | null;
        if (!s) return 0;
        const client = await redis();
        if (Number(await redisCall(client.eval(REFRESH_LOCK, 1, lockKey, s.token, String(LOCK_TTL_MS)))) !== 1) {
          log.warn('recovery lock lost (Redis lost its data again, or this scheduler stalled); starting over');
          state = null;
          return 0;
        }
        const { n, done } = await step(s);
        s.counts[s.phase] += n;
        if (done) {
          if (s.phase === 'fan-outs') {
            s.phase = 'reminders';
            s.after = '0';
          } else if (s.phase === 'reminders') {
            s.phase = 'escalations';
            s.after = '0';
          } else if (s.phase === 'escalations') {
            s.phase = 'digests';
          } else {
            const epoch = `${now.toISOString()}/${randomUUID()}`;
            const finished = Number(await redisCall(client.eval(FINISH, 2, lockKey, epochKey, s.token, epoch)));
            state = null;
            if (finished === 1) log.warn({ ...s.counts, epoch }, 'Redis recovery done: recent work enqueued again');
            else log.warn('recovery lock lost before the end (Redis lost its data again?); starting over');
          }
        }
        failed = false;
        return n;
      } catch (err) {
        failed = true;
        // Redis (or Postgres) unreachable: keep the cursor; the lock check of the next round tells
        // whether the dataset we were filling survived.
        log[state ? 'warn' : 'debug']({ err: (err as Error).message }, 'redis recovery round failed; retrying next round');
        return 0;
      }
    },
    /** While a recovery is under way, the next round is due at once. */
    async nextDueAt(): Promise<Date | null> {
      return state && !failed ? new Date(0) : null;
    },
  };
}
