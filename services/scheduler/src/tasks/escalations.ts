import type { DeliveryJob } from '@upmon/queue';
import type { SchedulerDeps, SchedulerTask } from '../task.js';

interface DueEscalationRow {
  id: bigint;
  integration_id: number;
  check_id: string;
  flip_id: bigint;
  enabled: boolean;
  events: string[];
}

interface EpisodeRow {
  check_id: string;
  status: string;
  latest_flip_id: bigint | null;
  acknowledged_flip_ids: bigint[];
}

/**
 * Sends due escalations (`escalations` rows are created by the notifier's fan-out for integrations
 * with `escalate_after_min`; docs/notifications.md, "Escalation"). An escalation goes out only if
 * the check is still in the same down episode (down, and the down flip is still its latest flip),
 * nobody acknowledged that episode, and the integration still wants downs (enabled, subscribed);
 * otherwise it is cancelled. It goes out as the ordinary `down` delivery of its flip (job id
 * `delivery-<flip>-<integration>`), so the notifier's quiet hours, dependency holds and delivery
 * log apply to it as to any down.
 *
 * The checks concerned are locked FOR SHARE (in id order, like CheckBatch) before their state is
 * read: a flip or an acknowledgement of the episode then commits either before the task looks
 * (and the escalation is cancelled) or after it is marked sent (and the up that follows finds it
 * sent, so it is delivered too).
 *
 * Same transaction shape as the reminders: lock (SKIP LOCKED), enqueue, mark, commit; a crash
 * before the commit leaves the rows due for the next round, and the job id collapses a repeat.
 */
export function createEscalationsTask(deps: SchedulerDeps): SchedulerTask {
  const { prisma, queues, logger, config } = deps;
  return {
    name: 'escalations',
    async runOnce(now: Date): Promise<number> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<DueEscalationRow[]>`
          SELECT e.id, e.integration_id, e.check_id, e.flip_id, i.enabled, i.events
          FROM escalations e
          JOIN integrations i ON i.id = e.integration_id
          WHERE e.sent_at IS NULL AND e.cancelled_at IS NULL AND e.due_at <= ${now}
          ORDER BY e.due_at, e.id
          LIMIT ${config.batchSize}
          FOR UPDATE OF e SKIP LOCKED`;
        if (rows.length === 0) return 0;

        const checkIds = [...new Set(rows.map((r) => r.check_id))].sort();
        await tx.$queryRaw`SELECT id FROM checks WHERE id = ANY(${checkIds}::uuid[]) ORDER BY id FOR SHARE`;
        const episodes = await tx.$queryRaw<EpisodeRow[]>`
          SELECT c.id AS check_id, c.status::text AS status,
                 (SELECT f.id FROM flips f WHERE f.check_id = c.id ORDER BY f.ts DESC, f.id DESC LIMIT 1) AS latest_flip_id,
                 ARRAY(SELECT a.flip_id FROM acknowledgements a WHERE a.check_id = c.id AND a.flip_id = ANY(${rows.map((r) => r.flip_id)}::bigint[])) AS acknowledged_flip_ids
          FROM checks c WHERE c.id = ANY(${checkIds}::uuid[])`;
        const byCheck = new Map(episodes.map((e) => [e.check_id, e]));

        const send = rows.filter((r) => {
          const e = byCheck.get(r.check_id);
          return (
            e !== undefined &&
            e.status === 'down' &&
            e.latest_flip_id === r.flip_id &&
            !e.acknowledged_flip_ids.includes(r.flip_id) &&
            r.enabled &&
            r.events.includes('down')
          );
        });
        const sendIds = new Set(send.map((r) => r.id));
        const cancelIds = rows.filter((r) => !sendIds.has(r.id)).map((r) => r.id);

        const jobs: DeliveryJob[] = send.map((r) => ({
          integrationId: r.integration_id,
          checkId: r.check_id,
          event: 'down',
          flipId: r.flip_id.toString(),
        }));
        await queues.enqueueMany('deliveries', jobs);
        if (send.length > 0) {
          await tx.$executeRaw`UPDATE escalations SET sent_at = ${now} WHERE id = ANY(${send.map((r) => r.id)}::bigint[])`;
        }
        if (cancelIds.length > 0) {
          await tx.$executeRaw`UPDATE escalations SET cancelled_at = ${now} WHERE id = ANY(${cancelIds}::bigint[])`;
        }
        logger.debug({ sent: send.length, cancelled: cancelIds.length }, 'escalations handled');
        return rows.length;
      });
    },
  };
}
