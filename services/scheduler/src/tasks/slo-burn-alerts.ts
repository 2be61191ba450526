import { BURN_ALERTS, burnAlertStates, integrationMatches } from '@upmon/core';
import { budgetWindowMs, readCheckTimelines, sloChecks } from '@upmon/domain';
import type { Slo } from '@upmon/db';
import type { SloAlertJob } from '@upmon/queue';
import type { SchedulerDeps, SchedulerTask } from '../task.js';

/** How often the burn rates are looked at: the fast alert's short window is 5 minutes. */
export const SLO_BURN_INTERVAL_MS = 60_000;
const LONGEST_WINDOW_MS = Math.max(...BURN_ALERTS.map((a) => a.longMs));

interface PendingAlert {
  id: bigint;
  phase: 'fired' | 'resolved';
  project_id: string;
  check_id: string | null;
  tag: string | null;
  check_tags: string[] | null;
  integrations_explicit: boolean | null;
  integration_ids: number[] | null;
}

/**
 * SLO burn-rate alerts (docs/slos.md, "Burn-rate alerts"), every minute, in two steps:
 *
 * 1. Evaluate: each SLO's two alerts from its checks' flips of the last 6 hours (core's
 *    `burnAlertStates`). A firing alert with no open row gets one (`ON CONFLICT DO NOTHING` on
 *    the partial unique index: never twice, whatever the number of schedulers); an open row whose
 *    alert no longer fires is resolved.
 * 2. Notify: rows not yet notified (fired, then resolved) are locked (SKIP LOCKED), one
 *    `slo-alerts` job is enqueued per matching integration (enabled, subscribed to `down`, and the
 *    tags rule: the check's tags or explicit assignment; a tag's SLO matches integrations for all
 *    checks or for that tag), and the row is marked, in one transaction. Job ids are
 *    deterministic, so a round repeated after a crash collapses in BullMQ.
 */
export function createSloBurnAlertsTask(deps: Pick<SchedulerDeps, 'prisma' | 'pool' | 'queues' | 'logger'>): SchedulerTask {
  const { prisma, pool, queues, logger } = deps;

  async function evaluate(slo: Slo, now: Date): Promise<number> {
    const checks = await sloChecks(prisma, slo);
    const t = now.getTime();
    const timelines = [...(await readCheckTimelines(deps, slo.projectId, checks, t - LONGEST_WINDOW_MS, t)).values()];
    const states = burnAlertStates({ timelines, target: slo.targetPercent / 100, budgetWindowMs: budgetWindowMs(slo), now: t });
    let changed = 0;
    for (const s of states) {
      if (s.firing) {
        changed += await prisma.$executeRaw`
          INSERT INTO slo_burn_alerts (slo_id, kind, fired_at, long_burn, short_burn, threshold)
          VALUES (${slo.id}::uuid, ${s.kind}, ${now}, ${s.longBurn}, ${s.shortBurn}, ${s.threshold})
          ON CONFLICT (slo_id, kind) WHERE resolved_at IS NULL DO NOTHING`;
      } else {
        changed += await prisma.$executeRaw`
          UPDATE slo_burn_alerts SET resolved_at = ${now} WHERE slo_id = ${slo.id}::uuid AND kind = ${s.kind} AND resolved_at IS NULL`;
      }
    }
    return changed;
  }

  async function notify(now: Date): Promise<number> {
    return prisma.$transaction(async (tx) => {
      // A resolution is due only after the firing was notified: a row both fired and resolved
      // before this round gets its firing now and its resolution next round.
      const rows = await tx.$queryRaw<PendingAlert[]>`
        SELECT a.id, CASE WHEN a.notified_at IS NULL THEN 'fired' ELSE 'resolved' END AS phase,
               s.project_id::text, s.check_id::text, s.tag, c.tags AS check_tags,
               c.integrations_explicit, c.integration_ids
          FROM slo_burn_alerts a
          JOIN slos s ON s.id = a.slo_id
          LEFT JOIN checks c ON c.id = s.check_id
         WHERE a.notified_at IS NULL OR (a.resolved_at IS NOT NULL AND a.resolve_notified_at IS NULL)
         ORDER BY a.id
         LIMIT 500
           FOR UPDATE OF a SKIP LOCKED`;
      if (rows.length === 0) return 0;
      const projects = [...new Set(rows.map((r) => r.project_id))];
      const integrations = await tx.integration.findMany({
        where: { projectId: { in: projects } },
        select: { id: true, projectId: true, enabled: true, events: true, tags: true },
      });
      const jobs: SloAlertJob[] = [];
      for (const r of rows) {
        const audience = r.check_id
          ? { tags: r.check_tags ?? [], integrationIds: r.integrations_explicit ? (r.integration_ids ?? []) : null }
          : { tags: [r.tag ?? ''], integrationIds: null };
        for (const i of integrations) {
          if (i.projectId === r.project_id && integrationMatches(i, audience, 'down'))
            jobs.push({ alertId: r.id.toString(), integrationId: i.id, phase: r.phase });
        }
      }
      await queues.enqueueMany('slo-alerts', jobs);
      const fired = rows.filter((r) => r.phase === 'fired').map((r) => r.id);
      const resolved = rows.filter((r) => r.phase === 'resolved').map((r) => r.id);
      if (fired.length > 0) await tx.$executeRaw`UPDATE slo_burn_alerts SET notified_at = ${now} WHERE id = ANY(${fired}::bigint[])`;
      if (resolved.length > 0) await tx.$executeRaw`UPDATE slo_burn_alerts SET resolve_notified_at = ${now} WHERE id = ANY(${resolved}::bigint[])`;
      logger.debug({ alerts: rows.length, jobs: jobs.length }, 'SLO burn alerts notified');
      return rows.length;
    });
  }

  return {
    name: 'slo-burn-alerts',
    idleIntervalMs: SLO_BURN_INTERVAL_MS,
    // A round covers every SLO: never run again at once.
    batchSize: Number.MAX_SAFE_INTEGER,
    async runOnce(now: Date): Promise<number> {
      let handled = 0;
      for (const slo of await prisma.slo.findMany({ orderBy: { id: 'asc' } })) handled += await evaluate(slo, now);
      return handled + (await notify(now));
    },
  };
}
