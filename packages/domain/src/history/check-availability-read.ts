import {
  AVAILABILITY_MONTHS,
  AVAILABILITY_PERIODS,
  checkAvailability,
  maintenanceSpansByCheck,
  maintenanceSpecOf,
  type CheckAvailability,
  type CheckStatus,
} from '@upmon/core';
import type { PrismaClient } from '@upmon/db';
import type pg from 'pg';

/** At most this many flips are read for one check's year (a check flapping all year is cut to its newest). */
const FLIPS_READ_MAX = 20_000;

/**
 * A check's uptime per period and downtime per month (core's `checkAvailability`), from its flips
 * of the last year (FLIP_RETENTION_DAYS keeps 365 days by default) and the maintenance windows of
 * its project that apply to it (one-off windows are kept 30 days after their end, so older
 * maintenance counts as monitored time). One query for the flips, one for the windows.
 */
export async function readCheckAvailability(
  deps: { pool: pg.Pool; prisma: PrismaClient },
  check: { id: string; projectId: string; tags: readonly string[]; createdAt: Date },
  now: Date,
): Promise<CheckAvailability> {
  const longest = AVAILABILITY_PERIODS[AVAILABILITY_PERIODS.length - 1]?.ms ?? 0;
  const monthsStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (AVAILABILITY_MONTHS - 1), 1);
  const from = Math.max(Math.min(now.getTime() - longest, monthsStart), check.createdAt.getTime());
  const [flips, windows] = await Promise.all([
    deps.pool.query<{ ms: string; new_status: CheckStatus }>({
      name: 'check-availability-flips',
      // The last flip before `from` (the status it starts in), then the newest flips since, oldest first.
      text: `SELECT ms, new_status FROM (
               (SELECT id, (extract(epoch FROM ts) * 1000)::bigint AS ms, new_status FROM flips
                 WHERE check_id = $1 AND ts < $2 ORDER BY ts DESC, id DESC LIMIT 1)
               UNION ALL
               (SELECT id, (extract(epoch FROM ts) * 1000)::bigint, new_status FROM flips
                 WHERE check_id = $1 AND ts >= $2 ORDER BY ts DESC, id DESC LIMIT $3)
             ) f ORDER BY ms, id`,
      values: [check.id, new Date(from).toISOString(), FLIPS_READ_MAX],
    }),
    deps.prisma.maintenanceWindow.findMany({ where: { projectId: check.projectId } }),
  ]);
  const maintenance = maintenanceSpansByCheck(windows.map(maintenanceSpecOf), [check], new Date(from), now).get(check.id) ?? [];
  return checkAvailability({
    createdAt: check.createdAt.getTime(),
    changes: flips.rows.map((r) => ({ at: Number(r.ms), status: r.new_status })),
    maintenance,
    now: now.getTime(),
  });
}
