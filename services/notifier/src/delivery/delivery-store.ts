import {
  FLAP_COUNTED_REASONS,
  flapDigestReleaseAt,
  flapSettingsOf,
  type CheckKind,
  type CheckStatus,
  type FlapSettings,
  type FlipReason,
  type HoldCause,
  type Snooze,
} from '@upmon/core';
import type { DeliveryStatus, IntegrationKind } from '@upmon/db';
import { microBatch } from '@upmon/batching';
import type { PgPool } from '@upmon/db';

export interface DeliveryTarget {
  integrationId: number;
  kind: IntegrationKind;
  name: string;
  enabled: boolean;
  /** AES-GCM ciphertext of the channel config. */
  config: Uint8Array;
  quietHours: unknown;
  /** Flapping collapse settings; null = every change is sent. */
  flapping: FlapSettings | null;
  telegramChatId: string | null;
  /** kind=email: the address was confirmed through the mailed link. */
  emailVerified: boolean;
  checkId: string;
  checkName: string;
  checkKind: CheckKind;
  checkTags: string[];
  checkStatus: CheckStatus;
  /** The check's snooze (docs/notifications.md, "Snooze"), with its first recovery when it lasts until one. */
  snooze: Snooze | null;
  snoozedBy: string | null;
}

export interface DeliveryFlip {
  oldStatus: CheckStatus;
  newStatus: CheckStatus;
  reason: FlipReason;
  ts: Date;
  /** When the check entered `oldStatus` (the previous flip's time), if known. */
  previousSince: Date | null;
  /** Probed checks: the locations whose results decided the flip (docs/locations.md); empty otherwise. */
  locations: string[];
  /** Probed checks: those locations' results, encrypted (flips.cause, AAD.flipCause); null otherwise. */
  cause: Uint8Array | null;
}

export interface LoadedDelivery {
  target: DeliveryTarget;
  /** The job's flip (null when the job has none, or it is gone). */
  flip: DeliveryFlip | null;
  /**
   * This flip event was already handled for this integration: a success in the log, or it was
   * held for quiet hours (the held row, released as a digest, owns it from then on).
   */
  alreadyDelivered: boolean;
  /**
   * Flip events with flapping on: the check's status changes counted for flapping in the
   * integration's window ending at this flip (this one included); else 0.
   */
  changesInWindow: number;
  /** Flip events with flapping on: a flapping digest of this (integration, check) is pending. */
  flapDigestPending: boolean;
}

export interface FlipCause {
  exitStatus: number | null;
  /** Why the ping counted differently from its type (pings.note, e.g. a short run). */
  note: string | null;
}

export interface AttemptRecord {
  integrationId: number;
  /** null for a test notification (about no check). */
  checkId: string | null;
  flipId: string | null;
  event: string;
  attempt: number;
  status: DeliveryStatus;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
}

export interface HeldInsert {
  integrationId: number;
  checkId: string;
  flipId: string;
  event: string;
  ts: Date;
  releaseAt: Date;
}

export interface FlappingHold {
  integrationId: number;
  checkId: string;
  flipId: string;
  event: string;
  /** The flip's time. */
  ts: Date;
  settings: FlapSettings;
}

export interface HeldRow {
  event: 'down' | 'up' | 'late' | 'reminder';
  ts: Date;
  cause: HoldCause;
  /** cause dependency: the name of the dependency that was down (null if deleted since). */
  dependencyName: string | null;
  /** cause maintenance: the name of the window that held it (null if deleted since). */
  maintenanceName: string | null;
}

interface LoadRequest {
  integrationId: number;
  checkId: string;
  flipId: string | null;
  event: string;
}

type Row = Omit<DeliveryTarget, 'flapping' | 'snooze'> & {
  snoozedAt: Date | null;
  snoozedUntil: Date | null;
  snoozeRecoveredAt: Date | null;
  flapMaxChanges: number | null;
  flapWindowMin: number;
  changesInWindow: number;
  flapDigestPending: boolean;
  oldStatus: CheckStatus | null;
  newStatus: CheckStatus | null;
  reason: FlipReason | null;
  flipTs: Date | null;
  previousSince: Date | null;
  flipLocations: string[] | null;
  flipCause: Uint8Array | null;
  alreadyDelivered: boolean;
};

function toLoaded(r: Row): LoadedDelivery {
  const target: DeliveryTarget = {
    integrationId: r.integrationId,
    kind: r.kind,
    name: r.name,
    enabled: r.enabled,
    config: r.config,
    quietHours: r.quietHours,
    flapping: flapSettingsOf(r.flapMaxChanges, r.flapWindowMin),
    telegramChatId: r.telegramChatId,
    emailVerified: r.emailVerified,
    checkId: r.checkId,
    checkName: r.checkName,
    checkKind: r.checkKind,
    checkTags: r.checkTags,
    checkStatus: r.checkStatus,
    snooze: r.snoozedAt ? { at: r.snoozedAt, until: r.snoozedUntil, recoveredAt: r.snoozeRecoveredAt } : null,
    snoozedBy: r.snoozedBy,
  };
  const flip =
    r.oldStatus && r.newStatus && r.reason && r.flipTs
      ? {
          oldStatus: r.oldStatus,
          newStatus: r.newStatus,
          reason: r.reason,
          ts: r.flipTs,
          previousSince: r.previousSince,
          locations: r.flipLocations ?? [],
          cause: r.flipCause,
        }
      : null;
  return { target, flip, alreadyDelivered: r.alreadyDelivered, changesInWindow: r.changesInWindow, flapDigestPending: r.flapDigestPending };
}

/** FLAP_COUNTED_REASONS as an SQL list (constants, safe to inline into the named statement). */
const COUNTED_REASONS_SQL = FLAP_COUNTED_REASONS.map((r) => `'${r}'`).join(', ');

/**
 * The delivery worker's SQL. The common case is one read of everything (integration, check,
 * flip, when the previous status began, whether it was already delivered) and one insert into the
 * delivery log, each shared with the other deliveries in flight (micro-batched).
 */
export function createDeliveryStore(pool: PgPool) {
  const loadBatch = microBatch(async (reqs: LoadRequest[]): Promise<(LoadedDelivery | null)[]> => {
    const { rows } = await pool.query<Row & { n: string }>({
      name: 'notifier-delivery-load',
      text: `SELECT r.n, i.id AS "integrationId", i.kind::text AS kind, i.name, i.enabled, i.config, i.quiet_hours AS "quietHours",
              i.telegram_chat_id AS "telegramChatId", i.email_verified_at IS NOT NULL AS "emailVerified",
              i.flap_max_changes AS "flapMaxChanges", i.flap_window_min AS "flapWindowMin", c.id AS "checkId", c.name AS "checkName", c.kind::text AS "checkKind",
              c.tags AS "checkTags", c.status::text AS "checkStatus",
              c.snoozed_at AS "snoozedAt", c.snoozed_until AS "snoozedUntil", c.snoozed_by AS "snoozedBy",
              CASE WHEN c.snoozed_at IS NOT NULL AND c.snoozed_until IS NULL THEN
                (SELECT min(p.ts) FROM flips p WHERE p.check_id = c.id AND p.new_status = 'up' AND p.ts > c.snoozed_at) END AS "snoozeRecoveredAt",
              f.old_status::text AS "oldStatus", f.new_status::text AS "newStatus", f.reason::text AS reason, f.ts AS "flipTs", f.locations AS "flipLocations", f.cause AS "flipCause",
              (SELECT p.ts FROM flips p WHERE p.check_id = f.check_id AND p.ts <= f.ts AND p.id < f.id
                ORDER BY p.ts DESC, p.id DESC LIMIT 1) AS "previousSince",
              (EXISTS (SELECT 1 FROM notification_deliveries d
                       WHERE d.flip_id = f.id AND d.integration_id = i.id AND d.event = r.event AND d.status IN ('succeeded', 'held'))
               OR (r.event IN ('down', 'up', 'late') AND EXISTS (SELECT 1 FROM held_notifications h
                       WHERE h.integration_id = i.id AND h.flip_id = f.id AND h.event = r.event))) AS "alreadyDelivered",
              CASE WHEN i.flap_max_changes IS NOT NULL AND r.event IN ('down', 'up', 'late') THEN
                (SELECT count(*)::int FROM flips p WHERE p.check_id = f.check_id AND p.ts <= f.ts
                    AND p.ts > f.ts - make_interval(mins => i.flap_window_min) AND p.reason IN (${COUNTED_REASONS_SQL}))
                ELSE 0 END AS "changesInWindow",
              (i.flap_max_changes IS NOT NULL AND r.event IN ('down', 'up', 'late') AND EXISTS (SELECT 1 FROM held_notifications h
                       WHERE h.integration_id = i.id AND h.check_id = c.id AND h.cause = 'flapping' AND h.released_at IS NULL)) AS "flapDigestPending"
       FROM unnest($1::int[], $2::uuid[], $3::bigint[], $4::text[]) WITH ORDINALITY AS r(integration_id, check_id, flip_id, event, n)
       JOIN integrations i ON i.id = r.integration_id
       JOIN checks c ON c.project_id = i.project_id AND c.id = r.check_id
       LEFT JOIN flips f ON f.id = r.flip_id AND f.check_id = c.id`,
      values: [reqs.map((q) => q.integrationId), reqs.map((q) => q.checkId), reqs.map((q) => q.flipId), reqs.map((q) => q.event)],
    });
    const out: (LoadedDelivery | null)[] = reqs.map(() => null);
    for (const r of rows) out[Number(r.n) - 1] = toLoaded(r);
    return out;
  });

  const recordBatch = microBatch(async (attempts: AttemptRecord[]): Promise<void[]> => {
    const col = <K extends keyof AttemptRecord>(k: K) => attempts.map((a) => a[k]);
    await pool.query({
      name: 'notifier-delivery-log',
      text: `INSERT INTO notification_deliveries (integration_id, flip_id, check_id, event, attempt, status, status_code, error, latency_ms)
       SELECT * FROM unnest($1::int[], $2::bigint[], $3::uuid[], $4::text[], $5::int[], $6::"DeliveryStatus"[], $7::int[], $8::text[], $9::int[])`,
      values: [
        col('integrationId'),
        col('flipId'),
        col('checkId'),
        col('event'),
        col('attempt'),
        col('status'),
        col('statusCode'),
        col('error'),
        col('latencyMs'),
      ],
    });
    return attempts.map(() => undefined);
  });

  const causeBatch = microBatch(async (reqs: { checkId: string; until: Date }[]): Promise<(FlipCause | null)[]> => {
    const { rows } = await pool.query<FlipCause & { n: string }>({
      name: 'notifier-flip-cause',
      text: `SELECT r.n, p.exit_status AS "exitStatus", p.note
       FROM unnest($1::uuid[], $2::timestamptz[]) WITH ORDINALITY AS r(check_id, until, n)
       CROSS JOIN LATERAL (SELECT exit_status, note FROM pings
                           WHERE check_id = r.check_id AND ts <= r.until AND type IN ('fail', 'exit', 'success')
                           ORDER BY ts DESC LIMIT 1) p`,
      values: [reqs.map((q) => q.checkId), reqs.map((q) => q.until)],
    });
    const out: (FlipCause | null)[] = reqs.map(() => null);
    for (const { n, ...cause } of rows) out[Number(n) - 1] = cause;
    return out;
  });

  return {
    /**
     * Everything one delivery needs, in one read (batched with the deliveries in flight). Null
     * when the integration or the check is gone (or they are in different projects).
     */
    load(integrationId: number, checkId: string, flipId: string | null, event: string): Promise<LoadedDelivery | null> {
      return loadBatch({ integrationId, checkId, flipId, event });
    },

    /**
     * For a reminder or digest enqueued again by the scheduler's Redis recovery: whether the
     * original job got through (sent, or held for quiet hours) before Redis lost it. Reminder: a
     * `succeeded`/`held` reminder row of the same (integration, down flip) logged since the reminder
     * was marked sent; digest: a `succeeded` digest of the same (integration, check) logged since its
     * held rows were released. One minute of slack for clock skew between scheduler and database
     * (two reminders of one flip are at least an hour apart).
     */
    async recoveredAlreadyHandled(job: { integrationId: number; checkId: string; event: string; reminderId?: string; heldIds?: string[] }): Promise<boolean> {
      if (job.event === 'reminder' && job.reminderId) {
        const { rows } = await pool.query<{ done: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM reminders r JOIN notification_deliveries d
                            ON d.flip_id = r.flip_id AND d.integration_id = r.integration_id AND d.event = 'reminder'
                           AND d.status IN ('succeeded', 'held') AND d.created_at >= r.sent_at - interval '1 minute'
                          WHERE r.id = $1) AS done`,
          [job.reminderId],
        );
        return rows[0]?.done === true;
      }
      if (job.event === 'digest' && job.heldIds && job.heldIds.length > 0) {
        const { rows } = await pool.query<{ done: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM notification_deliveries d
                          WHERE d.integration_id = $1 AND d.check_id = $2 AND d.event = 'digest' AND d.status = 'succeeded'
                            AND d.created_at >= (SELECT max(released_at) FROM held_notifications WHERE id = ANY($3::bigint[])) - interval '1 minute') AS done`,
          [job.integrationId, job.checkId, job.heldIds],
        );
        return rows[0]?.done === true;
      }
      return false;
    },

    /** One row per attempt in the delivery log (batched with the deliveries in flight). */
    recordAttempt(a: AttemptRecord): Promise<void> {
      return recordBatch(a);
    },

    /**
     * The ping that caused a heartbeat check's fail/exit/short_run flip: the latest non-log ping at most 2 s after the flip
     * time (the ping's ts comes from the database clock, the flip's from the service's). A probed
     * check's flip carries its own cause instead (`DeliveryFlip.cause`): its pings come from several locations. Batched
     * with the other deliveries in flight: a burst of fail flips was one query per delivery.
     */
    loadCause(checkId: string, flipTs: Date): Promise<FlipCause | null> {
      return causeBatch({ checkId, until: new Date(flipTs.getTime() + 2000) });
    },

    async loadReminder(reminderId: string): Promise<{ downSince: Date; reason: FlipReason } | null> {
      const { rows } = await pool.query<{ downSince: Date; reason: FlipReason }>(
        `SELECT f.ts AS "downSince", f.reason::text AS reason FROM reminders r JOIN flips f ON f.id = r.flip_id WHERE r.id = $1`,
        [reminderId],
      );
      return rows[0] ?? null;
    },

    async loadHeld(ids: string[]): Promise<HeldRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await pool.query<HeldRow>(
        `SELECT h.event, h.ts, h.cause, d.name AS "dependencyName", w.name AS "maintenanceName"
           FROM held_notifications h LEFT JOIN checks d ON d.id = h.dependency_id LEFT JOIN maintenance_windows w ON w.id = h.maintenance_window_id
          WHERE h.id = ANY($1::bigint[]) ORDER BY h.ts, h.id`,
        [ids],
      );
      return rows;
    },

    /** The check's latest flip (when it entered its current status, and to which), if any. */
    async loadLatestFlip(checkId: string): Promise<{ id: string; ts: Date; newStatus: string } | null> {
      const { rows } = await pool.query<{ id: string; ts: Date; newStatus: string }>(
        `SELECT id::text, ts, new_status AS "newStatus" FROM flips WHERE check_id = $1 ORDER BY ts DESC, id DESC LIMIT 1`,
        [checkId],
      );
      return rows[0] ?? null;
    },

    /**
     * Holds a flip event of a flapping check in the pending flapping digest of its (integration,
     * check), with the digest's release time as of this change (`flapDigestReleaseAt`: the check
     * settled after it, or one window after the first held change). The held-release task waits
     * for the latest release time of a pending digest, so earlier rows need no update. Two flips
     * held at once may both see no pending digest and count from themselves: their rows still form
     * one digest. Idempotent per (integration, flip, event). Returns the release time.
     */
    async holdForFlapping(h: FlappingHold): Promise<Date> {
      const { rows } = await pool.query<{ first: Date | null }>(
        `SELECT min(ts) AS first FROM held_notifications
          WHERE integration_id = $1 AND check_id = $2 AND cause = 'flapping' AND released_at IS NULL`,
        [h.integrationId, h.checkId],
      );
      const first = rows[0]?.first ?? null;
      const releaseAt = flapDigestReleaseAt(h.settings, first && first < h.ts ? first : h.ts, h.ts);
      await pool.query(
        `INSERT INTO held_notifications (integration_id, check_id, flip_id, event, ts, release_at, cause)
         VALUES ($1, $2, $3, $4, $5, $6, 'flapping')
         ON CONFLICT (integration_id, flip_id, event) DO NOTHING`,
        [h.integrationId, h.checkId, h.flipId, h.event, h.ts, releaseAt],
      );
      return releaseAt;
    },

    /**
     * Holds a notification until quiet hours end. Idempotent per (integration, flip, event);
     * a later reminder of the same down flip re-arms its row (a reminder a night later is a new
     * notification even if the earlier one was already released).
     */
    async hold(h: HeldInsert): Promise<void> {
      const onConflict = h.event === 'reminder' ? 'DO UPDATE SET ts = EXCLUDED.ts, release_at = EXCLUDED.release_at, released_at = NULL' : 'DO NOTHING';
      await pool.query(
        `INSERT INTO held_notifications (integration_id, check_id, flip_id, event, ts, release_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (integration_id, flip_id, event) ${onConflict}`,
        [h.integrationId, h.checkId, h.flipId, h.event, h.ts, h.releaseAt],
      );
    },
  };
}

export type DeliveryStore = ReturnType<typeof createDeliveryStore>;
