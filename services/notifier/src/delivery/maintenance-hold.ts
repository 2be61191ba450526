import { microBatch } from '@upmon/batching';
import { maintenanceOf, maintenanceSpecOf, type MaintenanceWindowSpec } from '@upmon/core';
import type { PgPool } from '@upmon/db';
import { recordHeld, type HoldDecisionInput } from './hold-decision.js';

interface ProjectWindow extends MaintenanceWindowSpec {
  id: string;
  name: string;
}

interface CheckWindows {
  tags: string[];
  windows: ProjectWindow[];
}

/**
 * Maintenance windows at delivery time (docs/notifications.md, "Maintenance windows"), decided
 * at the first attempt like the other holds: a flip event (down, up, late) or a reminder of a
 * check under an active window of its project is held in `held_notifications` (cause
 * `maintenance`, the window, `release_at` = the end of the occurrence in progress). The
 * scheduler's `maintenance-release` task looks again when that time comes: pushes it later if
 * the check is still (or again) under maintenance, drops the rows if the check is up, and sends
 * one digest otherwise. Right after a window, while what it held waits to be looked at, a new
 * notification of the check joins it. Returns 'held', or null when no window applies. Idempotent per
 * (integration, flip, event), so a job run twice decides the same way.
 */
export function createMaintenanceHold(pool: PgPool) {
  // A project has few windows: each delivery reads its check's tags and every window of its
  // project that may be active (recurring ones, and one-offs not over), micro-batched like the
  // delivery's other reads, and core decides which applies.
  const windowsBatch = microBatch(async (items: { checkId: string; now: Date }[]): Promise<(CheckWindows | null)[]> => {
    const checkIds = items.map((i) => i.checkId);
    // One-off windows that ended before the earliest `now` of the batch (less a day of slack) cannot apply.
    const since = new Date(Math.min(...items.map((i) => i.now.getTime())) - 86_400_000);
    const { rows } = await pool.query<{ n: string; tags: string[] | null; windows: Record<string, unknown>[] | null }>({
      name: 'notifier-maintenance-windows',
      text: `SELECT r.n, c.tags,
              (SELECT json_agg(json_build_object('id', w.id, 'name', w.name, 'scope', w.scope, 'tags', w.tags, 'checkIds', w.check_ids,
                        'startsAt', w.starts_at, 'endsAt', w.ends_at, 'schedule', w.schedule, 'tz', w.tz,
                        'durationMin', w.duration_min, 'endedAt', w.ended_at))
                 FROM (SELECT * FROM maintenance_windows WHERE project_id = c.project_id AND schedule IS NOT NULL
                       UNION ALL
                       SELECT * FROM maintenance_windows WHERE project_id = c.project_id AND schedule IS NULL AND ends_at > $2) w) AS windows
       FROM unnest($1::uuid[]) WITH ORDINALITY AS r(check_id, n)
       JOIN checks c ON c.id = r.check_id`,
      values: [checkIds, since],
    });
    const out: (CheckWindows | null)[] = checkIds.map(() => null);
    for (const r of rows) out[Number(r.n) - 1] = { tags: r.tags ?? [], windows: (r.windows ?? []).map(toSpec) };
    return out;
  });

  return {
    async decide(input: HoldDecisionInput): Promise<'held' | null> {
      const { job, flip, flipId, now } = input;
      if (flipId === null || job.event === 'digest') return null;
      const found = await windowsBatch({ checkId: job.checkId, now });
      if (!found || found.windows.length === 0) return null;
      const maintenance = maintenanceOf(found.windows, { id: job.checkId, tags: found.tags }, now);
      let window: { id: string; name: string | null };
      let releaseAt: Date;
      if (maintenance) {
        window = maintenance.window;
        releaseAt = maintenance.end;
      } else {
        // The maintenance is over but what it held has not been looked at yet (the scheduler
        // does so within a round): this notification joins them, due now, so an up is not sent
        // alone before the digest, and a reminder not next to it.
        const pending = await pool.query<{ id: string; name: string | null }>(
          `SELECT h.maintenance_window_id AS id, w.name FROM held_notifications h LEFT JOIN maintenance_windows w ON w.id = h.maintenance_window_id
            WHERE h.integration_id = $1 AND h.check_id = $2 AND h.cause = 'maintenance' AND h.released_at IS NULL AND h.dropped_at IS NULL
            LIMIT 1`,
          [job.integrationId, job.checkId],
        );
        const row = pending.rows[0];
        if (!row) return null;
        window = row;
        releaseAt = now;
      }
      // A later reminder of the same down flip re-arms its row (like quiet hours).
      const onConflict =
        job.event === 'reminder'
          ? `DO UPDATE SET ts = EXCLUDED.ts, cause = 'maintenance', release_at = EXCLUDED.release_at, maintenance_window_id = EXCLUDED.maintenance_window_id,
               released_at = NULL, dropped_at = NULL`
          : 'DO NOTHING';
      await pool.query(
        `INSERT INTO held_notifications (integration_id, check_id, flip_id, event, ts, release_at, cause, maintenance_window_id)
         VALUES ($1, $2, $3, $4, $5, $6, 'maintenance', $7)
         ON CONFLICT (integration_id, flip_id, event) ${onConflict}`,
        [job.integrationId, job.checkId, flipId, job.event, job.event !== 'reminder' && flip ? flip.ts : now, releaseAt, window.id],
      );
      const words = window.name === null ? 'a deleted maintenance window' : `maintenance ${JSON.stringify(window.name)}`;
      const error = maintenance
        ? `${words} until ${releaseAt.toISOString()}: held, sent as one digest when it ends if the check is not up by then`
        : `${words} has just ended: held with what it held, looked at now (one digest, or nothing if the check is up)`;
      return recordHeld(input, error);
    },
  };
}

/** A window as json_build_object returned it (timestamps as strings). */
function toSpec(w: Record<string, unknown>): ProjectWindow {
  const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
  return maintenanceSpecOf({
    id: w.id as string,
    name: w.name as string,
    scope: w.scope as string,
    tags: (w.tags as string[] | null) ?? [],
    checkIds: (w.checkIds as string[] | null) ?? [],
    startsAt: date(w.startsAt),
    endsAt: date(w.endsAt),
    schedule: (w.schedule as string | null) ?? null,
    tz: (w.tz as string | null) ?? null,
    durationMin: (w.durationMin as number | null) ?? null,
    endedAt: date(w.endedAt),
  });
}

export type MaintenanceHold = ReturnType<typeof createMaintenanceHold>;
