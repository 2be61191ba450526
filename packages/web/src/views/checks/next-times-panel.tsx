import type { CheckRow } from '@upmon/domain';

/** The next five expected pings or probes, in the check's zone. */
export function NextTimesPanel({ check, nextTimes }: { check: CheckRow; nextTimes: string[] }) {
  const probed = check.kind !== 'heartbeat';
  return (
    <section class="panel" aria-labelledby="h-next">
      <h2 id="h-next" class="first">
        {probed ? 'Next 5 probes' : 'Next 5 expected times'} <span class="muted">({check.tz})</span>
      </h2>
      <ol class="times">
        {nextTimes.map((t) => (
          <li>{t}</li>
        ))}
      </ol>
      {probed ? (
        <p class="hint">Counted from the last probe{check.lastPingAt ? '' : ' (none yet: from now)'}.</p>
      ) : (
        <p class="hint">Counted from the last ping{check.lastPingAt ? '' : ' (none yet: from now)'}; a ping may arrive up to the grace period later.</p>
      )}
    </section>
  );
}
