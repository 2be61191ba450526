import { parseReminderHours } from '@upmon/core';
import type { DeliveryJob } from '@upmon/queue';
import type { SchedulerDeps, SchedulerTask } from '../task.js';

interface DueReminderRow {
  id: bigint;
  integration_id: number;
  check_id: string;
  flip_id: bigint;
  hours: number;
  check_status: string;
  latest_flip_id: bigint | null;
  enabled: boolean;
  events: string[];
  reminders: unknown;
  acknowledged: boolean;
  escalation_unsent: boolean;
}

/**
 * Sends due reminders (`reminders` rows are created by the notifier's fan-out when a check goes
 * down, one per integration and hour offset). A reminder goes out only if the check is still in
 * the same down episode (still down, and the down flip is still its latest flip) and the
 * integration still wants it (enabled, subscribed to `down`, the offset still configured),
 * nobody acknowledged the episode, and, for an integration with an escalation delay, its
 * escalation of the episode was sent (docs/notifications.md, "Acknowledgement", "Escalation");
 * otherwise it is cancelled. When several offsets of one episode are due at once (the scheduler
 * was behind), only the largest is sent: one "down for N hours" message, not a burst.
 * Quiet hours are applied by the notifier when it delivers (a reminder inside them is held).
 *
 * Same transaction shape as the other tasks: lock (SKIP LOCKED), enqueue, mark, commit; job
 * ids are `delivery-reminder-<id>`, so a re-run after a crash collapses in BullMQ. `sent_at` means
 * "enqueued", not "delivered": if Redis then loses its data, the `redis-recovery` task enqueues
 * the reminders sent in its window again (the notifier skips those its log shows as delivered).
 */
export function createRemindersTask(deps: Pick<SchedulerDeps, 'prisma' | 'queues' | 'logger' | 'config'>): SchedulerTask {
  const { prisma, queues, logger, config } = deps;
  return {
    name: 'reminders',
    async runOnce(now: Date): Promise<number> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<DueReminderRow[]>`
          SELECT r.id, r.integration_id, r.check_id, r.flip_id, r.hours, c.status::text AS check_status,
                 (SELECT f.id FROM flips f WHERE f.check_id = r.check_id ORDER BY f.ts DESC, f.id DESC LIMIT 1) AS latest_flip_id,
                 i.enabled, i.events, i.reminders,
                 EXISTS (SELECT 1 FROM acknowledgements a WHERE a.flip_id = r.flip_id) AS acknowledged,
                 EXISTS (SELECT 1 FROM escalations e WHERE e.integration_id = r.integration_id AND e.flip_id = r.flip_id
                                                      AND e.sent_at IS NULL) AS escalation_unsent
          FROM reminders r
          JOIN checks c ON c.id = r.check_id
          JOIN integrations i ON i.id = r.integration_id
          WHERE r.sent_at IS NULL AND r.cancelled_at IS NULL AND r.due_at <= ${now}
          ORDER BY r.due_at, r.id
          LIMIT ${config.batchSize}
          FOR UPDATE OF r SKIP LOCKED`;
        if (rows.length === 0) return 0;

        const wanted = rows.filter(
          (r) =>
            r.check_status === 'down' &&
            r.latest_flip_id === r.flip_id &&
            !r.acknowledged &&
            !r.escalation_unsent &&
            r.enabled &&
            r.events.includes('down') &&
            parseReminderHours(r.reminders).includes(r.hours),
        );
        // One reminder per (integration, down flip): the largest offset due.
        const largest = new Map<string, DueReminderRow>();
        for (const r of wanted) {
          const key = `${r.integration_id}/${r.flip_id}`;
          const seen = largest.get(key);
          if (!seen || r.hours > seen.hours) largest.set(key, r);
        }
        const send = [...largest.values()];
        const sendIds = new Set(send.map((r) => r.id));
        const cancelIds = rows.filter((r) => !sendIds.has(r.id)).map((r) => r.id);

        const jobs: DeliveryJob[] = send.map((r) => ({
          integrationId: r.integration_id,
          checkId: r.check_id,
          event: 'reminder',
          flipId: r.flip_id.toString(),
          reminderId: r.id.toString(),
        }));
        await queues.enqueueMany('deliveries', jobs);
        if (send.length > 0) {
          await tx.$executeRaw`UPDATE reminders SET sent_at = ${now} WHERE id = ANY(${send.map((r) => r.id)}::bigint[])`;
        }
        if (cancelIds.length > 0) {
          await tx.$executeRaw`UPDATE reminders SET cancelled_at = ${now} WHERE id = ANY(${cancelIds}::bigint[])`;
        }
        logger.debug({ sent: send.length, cancelled: cancelIds.length }, 'reminders handled');
        return rows.length;
      });
    },
  };
}
