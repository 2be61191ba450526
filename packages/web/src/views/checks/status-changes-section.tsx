import type { CheckRow, FlipRow } from '@upmon/domain';
import { StatusBadge } from '../status-badge.js';
import { Time } from '../time.js';

const REASONS: Record<string, string> = {
  timeout: 'no ping in time',
  fail: 'failure reported',
  exit: 'non-zero exit status',
  ping: 'ping received',
  manual: 'paused by hand',
  resumed: 'resumed',
  quota: 'paused: over the plan quota',
  short_run: 'run shorter than its minimum',
};

/** Flip reasons of probed checks where a heartbeat's words would mislead. */
const PROBE_REASONS: Record<string, string> = {
  fail: 'probe failed',
  timeout: 'no probe result in time',
  ping: 'probe succeeded',
};

/** The check's status changes, newest first, with why and the dependency an alert was held for. */
export function StatusChangesSection({ flips, probed }: { flips: FlipRow[]; probed: boolean }) {
  return (
    <section aria-labelledby="h-flips" data-live="flips">
      <h2 id="h-flips">Status changes</h2>
      {flips.length === 0 ? (
        <p class="muted">No status changes yet.</p>
      ) : (
        <ol class="timeline">
          {flips.map((f) => (
            <li>
              <Time at={f.ts} seconds />: <StatusBadge status={f.old_status as CheckRow['status']} /> →{' '}
              <StatusBadge status={f.new_status as CheckRow['status']} />{' '}
              <span class="muted">({(probed ? PROBE_REASONS[f.reason] : undefined) ?? REASONS[f.reason] ?? f.reason})</span>
              {f.held_for ? (
                <span class="held-for">
                  {' '}
                  · alerts held: {f.held_for.name !== null ? <a href={`/checks/${f.held_for.uuid}`}>{f.held_for.name}</a> : 'a check deleted since'} was down
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
