import type { WaitingFlip } from '@upmon/check-store';
import { integrationMatches, notificationEventFor, parseReminderHours, reminderDueTimes } from '@upmon/core';
import type { DeliveryJob } from '@upmon/queue';
import type { CheckAudience, ReminderRow } from './fan-out-store.js';

export interface FanOutPlan {
  deliveries: DeliveryJob[];
  reminders: ReminderRow[];
}

/**
 * What flips become: one delivery per matching integration (the catalog gives it a deterministic
 * job id, so a flip fanned out twice is delivered once) and, for down flips, the integrations'
 * reminders (whether one is still wanted is decided when it falls due). A flip with no
 * notification event, or whose check is gone, becomes nothing.
 */
export function planFanOut(flips: WaitingFlip[], audiences: Map<string, CheckAudience>): FanOutPlan {
  const plan: FanOutPlan = { deliveries: [], reminders: [] };
  for (const flip of flips) {
    const event = notificationEventFor(flip.oldStatus, flip.newStatus);
    const audience = audiences.get(flip.checkId);
    if (!event || !audience) continue;
    const matched = audience.integrations.filter((i) => integrationMatches(i, audience, event));
    for (const i of matched) {
      plan.deliveries.push({ integrationId: i.id, checkId: flip.checkId, event, flipId: flip.id });
      if (event === 'down') {
        for (const r of reminderDueTimes(flip.ts, parseReminderHours(i.reminders))) {
          plan.reminders.push({ integrationId: i.id, checkId: flip.checkId, flipId: flip.id, hours: r.hours, dueAt: r.dueAt });
        }
      }
    }
  }
  return plan;
}
