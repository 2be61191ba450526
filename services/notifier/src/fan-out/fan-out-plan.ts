import type { WaitingFlip } from '@upmon/check-store';
import { integrationMatches, notificationEventFor, parseReminderHours, reminderDueTimes } from '@upmon/core';
import type { DeliveryJob } from '@upmon/queue';
import type { CheckAudience, EscalationRow, EpisodeEscalations, ReminderRow } from './fan-out-store.js';

export interface FanOutPlan {
  deliveries: DeliveryJob[];
  reminders: ReminderRow[];
  /** Delayed downs (integrations.escalate_after_min): sent by the scheduler's escalations task. */
  escalations: EscalationRow[];
}

/**
 * What flips become: one delivery per matching integration (the catalog gives it a deterministic
 * job id, so a flip fanned out twice is delivered once) and, for down flips, the integrations'
 * reminders (whether one is still wanted is decided when it falls due). A flip with no
 * notification event, or whose check is gone, becomes nothing.
 *
 * Escalation (docs/notifications.md): a down to an integration with a delay becomes an
 * `escalations` timer due `delay` minutes (absolute time) after the flip instead of a delivery;
 * its reminders are planned as usual and sent only once the escalation was. The up ending an
 * episode goes to such an integration only if that episode's escalation was sent: `escalated`
 * tells, per up flip, which integrations have an escalation of the episode's down flip and
 * whether it was sent. An integration with no escalation row for the episode (it had no delay
 * when the check went down) gets the up as always.
 */
export function planFanOut(flips: WaitingFlip[], audiences: Map<string, CheckAudience>, escalated: EpisodeEscalations = new Map()): FanOutPlan {
  const plan: FanOutPlan = { deliveries: [], reminders: [], escalations: [] };
  /**
   * Escalations planned in this batch, per check (its latest down here): not sent. The database's
   * row wins when there is one (a flip fanned out again by the Redis recovery, its escalation sent).
   */
  const plannedHere = new Map<string, Map<number, boolean>>();
  for (const flip of flips) {
    const event = notificationEventFor(flip.oldStatus, flip.newStatus);
    const audience = audiences.get(flip.checkId);
    if (!event || !audience) continue;
    const matched = audience.integrations.filter((i) => integrationMatches(i, audience, event));
    const ending = event === 'up' && flip.oldStatus === 'down';
    const stored = ending ? escalated.get(flip.id) : undefined;
    const planned = ending ? plannedHere.get(flip.checkId) : undefined;
    if (event === 'down') plannedHere.set(flip.checkId, new Map());
    for (const i of matched) {
      // Its escalation of this episode was never sent: it heard of no down, so no up either.
      if ((stored?.get(i.id) ?? planned?.get(i.id)) === false) continue;
      const delayMin = event === 'down' ? (i.escalateAfterMin ?? 0) : 0;
      if (delayMin > 0) {
        plan.escalations.push({ integrationId: i.id, checkId: flip.checkId, flipId: flip.id, dueAt: new Date(flip.ts.getTime() + delayMin * 60_000) });
        plannedHere.get(flip.checkId)?.set(i.id, false);
      } else {
        plan.deliveries.push({ integrationId: i.id, checkId: flip.checkId, event, flipId: flip.id });
      }
      if (event === 'down') {
        for (const r of reminderDueTimes(flip.ts, parseReminderHours(i.reminders))) {
          plan.reminders.push({ integrationId: i.id, checkId: flip.checkId, flipId: flip.id, hours: r.hours, dueAt: r.dueAt });
        }
      }
    }
  }
  return plan;
}
