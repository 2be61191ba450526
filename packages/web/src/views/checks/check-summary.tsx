import type { CheckRow } from '@upmon/domain';
import type { LastFailure } from '../../check-page/last-failure.js';
import type { TargetFact } from '@upmon/probes';
import { Time } from '../time.js';
import { AcknowledgedNote } from './acknowledgement.js';

export interface CheckSummaryProps {
  check: CheckRow;
  projectId: string;
  since: { since: string; forText: string };
  failure: LastFailure | null;
  maintenance: { name: string; end: Date } | null;
  /** Probed kinds: what is probed (URL, host:port, name and type). */
  target: TargetFact[];
}

const SINCE_WORDS: Record<CheckRow['status'], string> = { up: 'Up', late: 'Late', down: 'Down', paused: 'Paused', new: 'New' };

/**
 * The first screen of a check page: what is wrong and since when, why, who is on it, whether
 * maintenance holds its alerts, and what is probed (docs/web.md, "The check page").
 */
export function CheckSummary({ check, projectId, since, failure, maintenance, target }: CheckSummaryProps) {
  return (
    <section class="panel check-summary" aria-labelledby="h-summary" data-live="summary">
      <h2 id="h-summary" class="visually-hidden">
        Summary
      </h2>
      <p class="since" data-field="since">
        <strong>{SINCE_WORDS[check.status]}</strong> since <Time at={since.since} /> ({since.forText})
      </p>
      {failure ? (
        <div class="failure" data-field="failure">
          <p>
            <strong>{check.status === 'down' ? 'Why: ' : 'Last failure: '}</strong>
            <span data-field="failure-words">{failure.words}</span>
            {failure.at ? (
              <>
                {' '}
                <Time at={failure.at} seconds />
              </>
            ) : null}
          </p>
          {failure.excerpt ? <pre class="excerpt">{failure.excerpt}</pre> : null}
        </div>
      ) : null}
      <AcknowledgedNote ack={check.acknowledged} />
      {check.status === 'down' && !check.acknowledged ? (
        <p class="muted" data-field="not-acknowledged">
          Nobody has acknowledged this outage yet.
        </p>
      ) : null}
      {maintenance ? (
        <p class="notice maintenance" data-field="maintenance">
          Under maintenance until <Time at={maintenance.end} /> ({maintenance.name}): its alerts wait until then.{' '}
          <a href={`/projects/${projectId}/maintenance`}>Maintenance windows</a>
        </p>
      ) : null}
      {target.length ? (
        <dl class="facts target" data-field="target">
          {target.map((f) => (
            <>
              <dt>{f.label}</dt>
              <dd>
                <code class="wrap">{f.value}</code>
              </dd>
            </>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
