import { snoozeInForce, type CheckRow } from '@upmon/domain';
import { PostButton } from '../post-button.js';
import { Time } from '../time.js';

const CHOICES = [
  ['1h', 'For 1 hour'],
  ['4h', 'For 4 hours'],
  ['tomorrow_0900', 'Until tomorrow 09:00'],
  ['until_recovery', 'Until it recovers'],
] as const;

/**
 * Snooze (docs/notifications.md, "Snooze"): while one is in force, who set it and until when,
 * with one button to end it; otherwise the four lengths (members and up). "Tomorrow 09:00" is
 * read in the zone the page shows times in (local-time.js fills `tz` when the form is sent;
 * without JavaScript, the check's zone).
 */
export function SnoozeControls({ check, canWrite, csrf, now }: { check: CheckRow; canWrite: boolean; csrf: string; now: Date }) {
  const base = `/checks/${check.id}`;
  if (snoozeInForce(check.snooze, now)) {
    const s = check.snooze;
    return (
      <div class="notice snooze-note" data-field="snooze" role="status">
        <p>
          <strong>Snoozed</strong>{' '}
          {s.until === null ? (
            'until it recovers'
          ) : (
            <>
              until <Time at={s.until} />
            </>
          )}{' '}
          by {s.by}: its notifications are muted; it is still monitored.
        </p>
        {canWrite ? (
          <PostButton action={`${base}/unsnooze`} csrf={csrf} variant="secondary">
            End snooze
          </PostButton>
        ) : null}
      </div>
    );
  }
  if (!canWrite) return null;
  return (
    <details class="snooze" data-field="snooze">
      <summary>Snooze notifications…</summary>
      <p class="muted">Mutes this check&apos;s alerts, reminders and escalations; pings and probes are still recorded.</p>
      <div class="actions">
        {CHOICES.map(([duration, label]) => (
          <PostButton action={`${base}/snooze`} csrf={csrf} variant="secondary" fields={{ duration, tz: check.tz }} chosenZone>
            {label}
          </PostButton>
        ))}
      </div>
    </details>
  );
}
