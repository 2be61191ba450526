import { scheduleOf } from '@upmon/check-store';
import { formatDuration } from '@upmon/core';
import type { CheckRow } from '@upmon/domain';
import { isProbeKind, PROBE_KINDS } from '@upmon/probes';
import { scheduleInWords } from '../../schedule-words.js';
import { durationText } from '../duration-text.js';
import { StatusBadge } from '../status-badge.js';
import { Time } from '../time.js';

/** A check next to this one in the dependency graph. */
export interface LinkedCheck {
  id: string;
  name: string;
  status: CheckRow['status'];
}

/** The kind in words: a heartbeat's here, a probed kind's from its definition. */
const kindInWords = (kind: string) => (isProbeKind(kind) ? PROBE_KINDS[kind].words.summary : 'Heartbeat (your job pings upmon)');

/**
 * The "Status" panel: last ping or probe, the next deadline (a probed check: its next probe and
 * how long its last probe took, which is what is meaningful for it), the check's settings and its
 * dependencies.
 */
export function CheckFactsPanel(props: {
  check: CheckRow;
  projectId: string;
  dependencies: LinkedCheck[];
  dependents: LinkedCheck[];
  /** Probed checks: the next probe's time in the check's zone (null while paused). */
  nextProbe?: string | null;
  /** Probed checks: how long the latest probe took. */
  lastProbeMs?: number | null;
}) {
  const { check } = props;
  const probed = check.kind !== 'heartbeat';
  return (
    <section class="panel" aria-labelledby="h-facts">
      <h2 id="h-facts" class="first">
        Status
      </h2>
      <dl class="facts" data-check-id={check.id}>
        <dt>{probed ? 'Last probe' : 'Last ping'}</dt>
        <dd data-field="last_ping_at" data-relative="1">
          {check.lastPingAt ? <Time at={check.lastPingAt} relative /> : <span class="muted">never</span>}
        </dd>
        {probed ? (
          <>
            <dt>Next probe</dt>
            <dd data-field="next_probe">
              {props.nextProbe ?? <span class="muted">{check.status === 'paused' ? 'none while paused' : 'within a minute'}</span>}
            </dd>
            <dt>Last probe took</dt>
            <dd data-field="last_duration">{props.lastProbeMs != null ? durationText(props.lastProbeMs) : <span class="muted">no probe yet</span>}</dd>
          </>
        ) : (
          <>
            <dt>Next expected</dt>
            <dd data-field="next_deadline_at">{check.nextDeadlineAt ? <Time at={check.nextDeadlineAt} /> : <span class="muted">—</span>}</dd>
            <dt>Last run took</dt>
            <dd data-field="last_duration">{check.lastDurationMs !== null ? durationText(check.lastDurationMs) : <span class="muted">—</span>}</dd>
          </>
        )}
        <dt>Kind</dt>
        <dd>{kindInWords(check.kind)}</dd>
        <dt>Schedule</dt>
        <dd>{scheduleInWords(scheduleOf(check))}</dd>
        <dt>Grace</dt>
        <dd>{formatDuration(check.graceSec * 1000)}</dd>
        {check.kind === 'heartbeat' ? (
          <>
            <dt>Minimum run time</dt>
            <dd data-field="min_run_sec">{check.minRunSec !== null ? formatDuration(check.minRunSec * 1000) : <span class="muted">none</span>}</dd>
          </>
        ) : null}
        <dt>Time zone</dt>
        <dd>{check.tz}</dd>
        <dt>Depends on</dt>
        <dd data-field="depends_on">
          <CheckLinks checks={props.dependencies} />
        </dd>
        <dt>Depended on by</dt>
        <dd data-field="dependents">
          <CheckLinks checks={props.dependents} />
        </dd>
        {check.tags.length ? (
          <>
            <dt>Tags</dt>
            <dd>
              {check.tags.map((t) => (
                <a class="tag" href={`/projects/${props.projectId}?tag=${encodeURIComponent(t)}`}>
                  {t}
                </a>
              ))}
            </dd>
          </>
        ) : null}
        {check.slug ? (
          <>
            <dt>Slug</dt>
            <dd>
              <code>{check.slug}</code>
            </dd>
          </>
        ) : null}
        {check.description ? (
          <>
            <dt>Description</dt>
            <dd class="pre-line">{check.description}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** Linked check names with their status, or "nothing". */
function CheckLinks({ checks }: { checks: LinkedCheck[] }) {
  if (checks.length === 0) return <span class="muted">nothing</span>;
  return (
    <ul class="dependencies">
      {checks.map((d) => (
        <li>
          <a href={`/checks/${d.id}`}>{d.name}</a> <StatusBadge status={d.status} />
        </li>
      ))}
    </ul>
  );
}
