import type { CheckStatus } from '../state/types.js';

/** What an integration can subscribe to (`integrations.events`). */
export type NotifyEvent = 'down' | 'up' | 'late';
export const NOTIFY_EVENTS: readonly NotifyEvent[] = ['down', 'up', 'late'];

/**
 * Every kind of message the notifier sends: a flip's event, a reminder, a quiet-hours digest, or
 * a test asked for in the web app, or an SLO's burn-rate alert (docs/slos.md).
 */
export type MessageEvent = NotifyEvent | 'reminder' | 'digest' | 'test' | 'slo_burn';

/**
 * The event a flip notifies about, or null when it notifies nothing (docs/design.md, Notifications):
 * `down` on any move to down, `late` on up → late, `up` on late/down → up. Pauses, resumes,
 * quota pauses and new → up notify nobody.
 */
export function notificationEventFor(oldStatus: CheckStatus, newStatus: CheckStatus): NotifyEvent | null {
  if (oldStatus === newStatus) return null;
  if (newStatus === 'down') return 'down';
  if (newStatus === 'late' && oldStatus === 'up') return 'late';
  if (newStatus === 'up' && (oldStatus === 'late' || oldStatus === 'down')) return 'up';
  return null;
}
