import { durationText } from '../duration-text.js';
import { scheduleOf } from '@upmon/check-store';
import { formatDuration, roleAllows } from '@upmon/core';
import type { ProjectAccess } from '../../http/project-access.js';
import type { CheckIntegration, CheckLocationStatus, CheckRow, FlipRow, KeptCertificate } from '@upmon/domain';
import { CheckIntegrationsPanel } from './check-integrations-panel.js';
import type { CheckAvailability, ResponseTimeRange, ResponseTimeSeries } from '@upmon/core';
import { AvailabilityPanel } from './availability-panel.js';
import { ResponseTimeChart } from '../../charts/response-time-chart.js';
import { ArrivalChart, DurationChart } from '../../charts/run-charts-svg.js';
import type { ArrivalPoint, DurationPoint } from '../../charts/run-charts.js';
import { pingSnippets } from '../../ping-snippets.js';
import type { LastFailure } from '../../check-page/last-failure.js';
import type { TargetFact } from '../../check-page/probe-target.js';
import type { DeliveryRow } from '../../queries/check-deliveries.js';
import { scheduleInWords } from '../../schedule-words.js';
import { CardsTable } from '../cards-table.js';
import { CopyBlock } from '../copy-block.js';
import { DeliveryLogTable } from '../delivery-log-table.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';
import { PostButton } from '../post-button.js';
import { CheckSummary } from './check-summary.js';
import { LocationsPanel } from './locations-panel.js';
import { StatusBadge } from '../status-badge.js';
import { Time } from '../time.js';

export interface PingView {
  ts: string;
  type: string;
  exitStatus: number | null;
  sourceIp: string | null;
  method: string;
  durationMs: number | null;
  /** Why the ping counted differently from its type (e.g. a run shorter than the minimum). */
  note: string | null;
  body: string | null;
  bodySize: number;
  userAgent: string | null;
}

export interface CheckPageProps {
  /** Probed kinds: the response-time chart's series (range chosen by `?range=`). */
  responseTimes?: ResponseTimeSeries | null;
  /** The certificate a TLS-speaking check's server presented last. */
  certificate?: KeptCertificate | null;
  /** A probed check's locations with their last results, and its quorum. */
  locations?: { quorum: number | null; locations: CheckLocationStatus[] } | null;
  /** The request's clock (the certificate's days left). */
  now?: Date;
  page: PageContext;
  access: ProjectAccess;
  check: CheckRow;
  pingUrls: string[];
  slugUrls: string[];
  nextTimes: string[];
  pings: PingView[];
  flips: FlipRow[];
  /** The checks this one depends on. */
  dependencies: { id: string; name: string; status: CheckRow['status'] }[];
  /** The checks that depend on this one (their down alerts are held while this one is down). */
  dependents: { id: string; name: string; status: CheckRow['status'] }[];
  /** The maintenance window the check is under now (the one ending last), if any. */
  maintenance: { name: string; end: Date } | null;
  deliveries: DeliveryRow[];
  durations: DurationPoint[];
  arrivals: ArrivalPoint[];
  notice: string | null;
  /** The current status's start and how long ago. */
  since: { since: string; forText: string };
  failure: LastFailure | null;
  /** Probed kinds: what is probed. */
  target: TargetFact[];
  availability: CheckAvailability;
  integrations: CheckIntegration[];
}

const pingType = (p: PingView) => (p.type === 'exit' ? `exit ${p.exitStatus}` : p.type);

export function CheckPage(props: CheckPageProps) {
  const { page, access, check } = props;
  const canWrite = roleAllows(access.role, 'checks.write');
  const schedule = scheduleOf(check);
  const base = `/checks/${check.id}`;
  const probed = check.kind !== 'heartbeat';
  return (
    <Layout
      page={page}
      title={`${check.status === 'down' ? '(down) ' : ''}${check.name}`}
      crumbs={[{ label: 'Projects', href: '/projects' }, { label: access.project.name, href: `/projects/${access.project.id}` }, { label: check.name }]}
      bodyData={{ poll: `${base}/status.json`, 'live-version': `${check.status}|${check.lastPingAt ? Date.parse(String(check.lastPingAt)) : ''}` }}
    >
      {props.notice ? (
        <p class="notice" role="status">
          {props.notice}
        </p>
      ) : null}
      <div class="head" data-check-id={check.id} data-live="head">
        <h1>{check.name}</h1>
        <span class="big-status" data-field="status">
          <StatusBadge status={check.status} />
        </span>
        {canWrite ? (
          <div class="actions">
            {check.status === 'down' && !check.acknowledged ? (
              <PostButton action={`${base}/acknowledge`} csrf={page.csrf}>
                Acknowledge
              </PostButton>
            ) : null}
            <a class="button" href={`${base}/edit`}>
              Edit
            </a>
            {probed ? null : (
              <PostButton action={`${base}/ping`} csrf={page.csrf}>
                Ping now
              </PostButton>
            )}
            <PostButton action={`${base}/clone`} csrf={page.csrf}>
              Clone
            </PostButton>
            {check.status === 'paused' ? (
              <PostButton action={`${base}/resume`} csrf={page.csrf}>
                Resume
              </PostButton>
            ) : (
              <PostButton action={`${base}/pause`} csrf={page.csrf}>
                Pause
              </PostButton>
            )}
            <a class="button danger-link" href={`${base}/delete`}>
              Delete…
            </a>
          </div>
        ) : null}
      </div>
      <CheckSummary
        check={check}
        projectId={access.project.id}
        since={props.since}
        failure={props.failure}
        maintenance={props.maintenance}
        target={props.target}
      />

      <div class="grid-2" data-live="facts">
        <section class="panel" aria-labelledby="h-facts">
          <h2 id="h-facts" class="first">
            Status
          </h2>
          <dl class="facts" data-check-id={check.id}>
            <dt>{probed ? 'Last probe' : 'Last ping'}</dt>
            <dd data-field="last_ping_at" data-relative="1">
              {check.lastPingAt ? <Time at={check.lastPingAt} relative /> : <span class="muted">never</span>}
            </dd>
            <dt>Next expected</dt>
            <dd data-field="next_deadline_at">{check.nextDeadlineAt ? <Time at={check.nextDeadlineAt} /> : <span class="muted">—</span>}</dd>
            <dt>Last run took</dt>
            <dd data-field="last_duration">{check.lastDurationMs !== null ? durationText(check.lastDurationMs) : <span class="muted">—</span>}</dd>
            <dt>Kind</dt>
            <dd>{KIND_WORDS[check.kind] ?? check.kind}</dd>
            <dt>Schedule</dt>
            <dd>{scheduleInWords(schedule)}</dd>
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
                    <a class="tag" href={`/projects/${access.project.id}?tag=${encodeURIComponent(t)}`}>
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
        <section class="panel" aria-labelledby="h-next">
          <h2 id="h-next" class="first">
            {probed ? 'Next 5 probes' : 'Next 5 expected times'} <span class="muted">({check.tz})</span>
          </h2>
          <ol class="times">
            {props.nextTimes.map((t) => (
              <li>{t}</li>
            ))}
          </ol>
          {probed ? (
            <p class="hint">Counted from the last probe{check.lastPingAt ? '' : ' (none yet: from now)'}.</p>
          ) : (
            <p class="hint">Counted from the last ping{check.lastPingAt ? '' : ' (none yet: from now)'}; a ping may arrive up to the grace period later.</p>
          )}
        </section>
      </div>

      {check.kind === 'heartbeat' ? (
        <section class="panel" aria-labelledby="h-ping">
          <h2 id="h-ping" class="first">
            How to ping
          </h2>
          {props.pingUrls.map((u, i) => (
            <CopyBlock id={`ping-url-${i}`} text={u} label="ping URL" />
          ))}
          {props.slugUrls.map((u, i) => (
            <CopyBlock id={`slug-url-${i}`} text={u} label="ping URL by slug" />
          ))}
          <p class="hint">
            GET, HEAD or POST. Add <code>/start</code> when the job starts, <code>/fail</code> when it fails, or <code>/&lt;exit status&gt;</code>.
          </p>
          {pingSnippets(props.pingUrls[0] as string, check.cron).map((s, i) => (
            <div>
              <h3>{s.label}</h3>
              <CopyBlock id={`snippet-${i}`} text={s.text} label={s.label} multiline />
            </div>
          ))}
        </section>
      ) : null}

      <AvailabilityPanel availability={props.availability} />

      {props.locations && props.locations.locations.length > 0 ? (
        <LocationsPanel locations={props.locations.locations} quorum={props.locations.quorum} />
      ) : null}
      {props.responseTimes ? <ResponseTimes series={props.responseTimes} checkId={check.id} /> : null}
      {props.certificate ? <CertificatePanel cert={props.certificate} now={props.now ?? new Date()} /> : null}

      {/* Probed checks have their response times instead: their runs are probes, on time by construction. */}
      {probed ? null : (
        <section class="panel" aria-labelledby="h-charts">
          <h2 id="h-charts" class="first">
            Trends
          </h2>
          <div class="grid-2">
            <div>
              <h3>Run durations</h3>
              <DurationChart points={props.durations} />
            </div>
            <div>
              <h3>Arrivals against the schedule</h3>
              <ArrivalChart points={props.arrivals} graceSec={check.graceSec} />
            </div>
          </div>
        </section>
      )}

      {/* Shown by app.js (times are server-rendered in UTC without it); the choice is remembered. */}
      <p class="zone-choice" hidden>
        <label for="time-zone-choice">Show times in</label>{' '}
        <select id="time-zone-choice" data-check-zone={check.tz}>
          <option value="browser">your browser&apos;s zone</option>
          <option value="utc">UTC</option>
          <option value="check">the check&apos;s zone ({check.tz})</option>
        </select>
      </p>

      <section aria-labelledby="h-pings" data-live="pings">
        <h2 id="h-pings">{probed ? 'Latest probes' : 'Latest pings'}</h2>
        {props.pings.length === 0 ? (
          <p class="muted">{probed ? 'No probes yet: the first one runs within a minute.' : 'No pings yet.'}</p>
        ) : (
          <CardsTable columns={['Type', 'Time', 'Source', 'Method', 'Duration', 'Body']}>
            {props.pings.map((p) => (
              <tr>
                <td>
                  <span class={`ping-type ping-${p.type}`}>{pingType(p)}</span>
                  {p.note ? <div class="ping-note small-text">{p.note}</div> : null}
                </td>
                <td data-label="Time">
                  <Time at={p.ts} seconds />
                </td>
                <td data-label="Source">
                  {p.sourceIp ?? '—'}
                  {p.userAgent ? <div class="muted small-text">{p.userAgent}</div> : null}
                </td>
                <td data-label="Method">{p.method}</td>
                <td data-label="Duration">{p.durationMs !== null ? durationText(p.durationMs) : '—'}</td>
                <td data-label="Body">
                  {p.body ? (
                    <details data-key={p.ts}>
                      <summary>
                        {p.bodySize} byte{p.bodySize === 1 ? '' : 's'}
                      </summary>
                      <pre>{p.body}</pre>
                    </details>
                  ) : (
                    <span class="muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </CardsTable>
        )}
      </section>

      <section aria-labelledby="h-flips" data-live="flips">
        <h2 id="h-flips">Status changes</h2>
        {props.flips.length === 0 ? (
          <p class="muted">No status changes yet.</p>
        ) : (
          <ol class="timeline">
            {props.flips.map((f) => (
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

      <CheckIntegrationsPanel checkId={check.id} projectId={access.project.id} integrations={props.integrations} canWrite={canWrite} csrf={page.csrf} />

      <section aria-labelledby="h-deliveries" data-live="deliveries">
        <h2 id="h-deliveries">Notifications sent</h2>
        {props.deliveries.length === 0 ? (
          <p class="muted">No notifications about this check yet.</p>
        ) : (
          <DeliveryLogTable rows={props.deliveries} projectId={access.project.id} />
        )}
      </section>
    </Layout>
  );
}

const KIND_WORDS: Record<string, string> = {
  heartbeat: 'Heartbeat (your job pings upmon)',
  http: 'HTTP check (probed by upmon)',
  tcp: 'TCP port (probed by upmon)',
  dns: 'DNS record (probed by upmon)',
  tls: 'TLS certificate (probed by upmon)',
};

const RANGES: { range: ResponseTimeRange; label: string }[] = [
  { range: '24h', label: '24 hours' },
  { range: '7d', label: '7 days' },
  { range: '30d', label: '30 days' },
];

/** The response-time chart of a probed check, with its range links and the mean phases. */
function ResponseTimes({ series, checkId }: { series: ResponseTimeSeries; checkId: string }) {
  const p = series.phases;
  return (
    <section class="panel" aria-labelledby="h-response-times">
      <h2 id="h-response-times" class="first">
        Response times
      </h2>
      <nav aria-label="Range" class="tabs">
        {RANGES.map((r) => (
          <a
            href={`/checks/${checkId}?range=${r.range}#h-response-times`}
            class={series.range === r.range ? 'tab current' : 'tab'}
            aria-current={series.range === r.range ? 'page' : undefined}
          >
            {r.label}
          </a>
        ))}
      </nav>
      <ResponseTimeChart series={series} />
      {p ? (
        <p class="hint" data-field="phases">
          Mean phases: DNS {durationText(p.dnsMs)}, connect {durationText(p.connectMs)}, TLS {durationText(p.tlsMs)}, first byte {durationText(p.firstByteMs)}.
        </p>
      ) : null}
    </section>
  );
}

/** The certificate a TLS-speaking check's server presented last. */
function CertificatePanel({ cert, now }: { cert: KeptCertificate; now: Date }) {
  const days = Math.floor((cert.validTo.getTime() - now.getTime()) / 86_400_000);
  return (
    <section class="panel" aria-labelledby="h-certificate">
      <h2 id="h-certificate" class="first">
        TLS certificate
      </h2>
      <dl class="facts" data-field="certificate">
        <dt>Subject</dt>
        <dd>{cert.subject || '—'}</dd>
        <dt>Issuer</dt>
        <dd>{cert.issuer || '—'}</dd>
        <dt>Names</dt>
        <dd>{cert.sans.length ? cert.sans.join(', ') : '—'}</dd>
        <dt>Valid from</dt>
        <dd>
          <Time at={cert.validFrom} />
        </dd>
        <dt>Expires</dt>
        <dd data-field="days_left">
          <Time at={cert.validTo} /> ({days < 0 ? `expired ${-days} day${days === -1 ? '' : 's'} ago` : `in ${days} day${days === 1 ? '' : 's'}`})
        </dd>
        <dt>SHA-256</dt>
        <dd>
          <code class="wrap">{cert.fingerprint256}</code>
        </dd>
        <dt>Seen</dt>
        <dd>
          <Time at={cert.observedAt} relative />
        </dd>
      </dl>
    </section>
  );
}

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

/** Linked check names with their status, or "nothing". */
function CheckLinks({ checks }: { checks: { id: string; name: string; status: CheckRow['status'] }[] }) {
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
