import { maintenanceSpansByCheck, maintenanceSpecOf, type CheckStatus, type CheckTimeline } from '@upmon/core';
import type { FlipReason, PrismaClient } from '@upmon/db';
import type pg from 'pg';

/** A check as the SLO and report reads need it. */
export interface TimelineCheck {
  id: string;
  projectId: string;
  tags: readonly string[];
  createdAt: Date;
}

/** A check's timeline, with each of its down flips' reason and previous status (by time), for the reports' incidents. */
export interface ReadTimeline extends CheckTimeline {
  downFlips: Map<number, { reason: FlipReason; oldStatus: CheckStatus }>;
}

/**
 * What checks of one project did over [from, until): per check, its last flip before `from` (the
 * status it starts in) and its flips since, and the maintenance of the project that applies to it
 * up to `until` (which may lie ahead: scheduled maintenance is not budget). One query for the
 * flips (LATERAL over the (check_id, ts DESC) index), one for the windows.
 */
export async function readCheckTimelines(
  deps: { pool: pg.Pool; prisma: PrismaClient },
  projectId: string,
  checks: readonly TimelineCheck[],
  from: number,
  until: number,
): Promise<Map<string, ReadTimeline>> {
  const out = new Map<string, ReadTimeline>();
  if (checks.length === 0) return out;
  const ids = checks.map((c) => c.id);
  const [flips, windows] = await Promise.all([
    deps.pool.query<{ check_id: string; ms: string; new_status: CheckStatus; old_status: CheckStatus; reason: FlipReason }>({
      name: 'slo-check-timelines',
      text: `SELECT check_id, ms, new_status, old_status, reason FROM (
               SELECT f.check_id, f.id, (extract(epoch FROM f.ts) * 1000)::bigint AS ms, f.new_status, f.old_status, f.reason
                 FROM unnest($1::uuid[]) AS c(id)
                 CROSS JOIN LATERAL (SELECT id, check_id, ts, new_status, old_status, reason FROM flips
                                      WHERE check_id = c.id AND ts < $2 ORDER BY ts DESC, id DESC LIMIT 1) f
               UNION ALL
               SELECT check_id, id, (extract(epoch FROM ts) * 1000)::bigint, new_status, old_status, reason FROM flips
                WHERE check_id = ANY($1::uuid[]) AND ts >= $2 AND ts < $3
             ) x ORDER BY check_id, ms, id`,
      values: [ids, new Date(from).toISOString(), new Date(until).toISOString()],
    }),
    deps.prisma.maintenanceWindow.findMany({ where: { projectId } }),
  ]);
  const maintenance = maintenanceSpansByCheck(windows.map(maintenanceSpecOf), checks, new Date(from), new Date(until));
  for (const c of checks) out.set(c.id, { createdAt: c.createdAt.getTime(), changes: [], maintenance: maintenance.get(c.id) ?? [], downFlips: new Map() });
  for (const r of flips.rows) {
    const t = out.get(r.check_id);
    if (!t) continue;
    (t.changes as { at: number; status: CheckStatus }[]).push({ at: Number(r.ms), status: r.new_status });
    if (r.new_status === 'down') t.downFlips.set(Number(r.ms), { reason: r.reason, oldStatus: r.old_status });
  }
  return out;
}
