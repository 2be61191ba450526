import { integrationMatches, notificationEventFor, parseReminderHours, reminderDueTimes } from '@upmon/core';
import type { Logger } from '@upmon/logger';
import type { DeliveryJob, FlipJob, Queues } from '@upmon/queue';
import { microBatch } from '@upmon/batching';
import type { FanOutStore } from './fan-out-store.js';

export interface FanOutDeps {
  store: FanOutStore;
  queues: Queues;
  logger: Logger;
}

/** Delivery jobs of the flips in flight, added to Redis together (one round trip). */
function batchedEnqueue(queues: Queues) {
  return microBatch(async (jobs: DeliveryJob[][]): Promise<void[]> => {
    await queues.enqueueMany('deliveries', jobs.flat());
    return jobs.map(() => undefined);
  });
}

/**
 * `flips` worker: one `deliveries` job per matching integration, with the catalog's deterministic
 * job id, so a flip fanned out twice (relay + producer, or a retried job) is delivered once.
 * Every step is idempotent, so a failure anywhere is simply retried. A down flip also schedules
 * the integrations' reminders; whether they are still wanted is decided when they fall due
 * (scheduler task `reminders`), so a recovery needs no clean-up here.
 */
export function createFanOutProcessor(deps: FanOutDeps) {
  const enqueue = batchedEnqueue(deps.queues);
  return async function fanOut(job: FlipJob): Promise<number> {
    const flip = await deps.store.loadFlip(job.flipId);
    if (!flip) {
      deps.logger.info({ flipId: job.flipId }, 'flip no longer exists (check deleted); nothing to notify');
      return 0;
    }
    const event = notificationEventFor(flip.oldStatus, flip.newStatus);
    if (!event) return 0;
    const audience = { tags: flip.checkTags, integrationIds: flip.checkIntegrationIds };
    const matched = flip.integrations.filter((i) => integrationMatches(i, audience, event));
    if (matched.length === 0) return 0;

    if (event === 'down') {
      await deps.store.createReminders(
        matched.flatMap((i) =>
          reminderDueTimes(flip.ts, parseReminderHours(i.reminders)).map((r) => ({
            integrationId: i.id,
            checkId: flip.checkId,
            flipId: flip.id,
            hours: r.hours,
            dueAt: r.dueAt,
          })),
        ),
      );
    }
    await enqueue(matched.map((i) => ({ integrationId: i.id, checkId: flip.checkId, event, flipId: flip.id })));
    deps.logger.debug({ flipId: job.flipId, checkId: flip.checkId, event, integrations: matched.length }, 'flip fanned out');
    return matched.length;
  };
}
