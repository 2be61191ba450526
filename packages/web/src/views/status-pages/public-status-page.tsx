import { escapeHtml, formatDuration, type UptimeDay } from '@upmon/core';
import type { Assets } from '../../http/assets.js';
import { durationText } from '../duration-text.js';
import { StatusBadge } from '../status-badge.js';
import { utcText } from '../time.js';
import { ActiveIncidents, ResolvedIncidents } from './public-announced-incidents.js';
import { PublicMaintenanceBanner } from './public-maintenance-banner.js';
import type { PublicMaintenanceView } from './public-maintenance-model.js';
import type { DayLabel, PublicCheckView, PublicStatusView } from './public-status-model.js';
import { SubscribeForm } from '../subscriptions/subscription-page.js';

/** "99.95%": floored, so any downtime never shows as 100%. */
export function percentText(uptime: number): string {
  return uptime === 1 ? '100%' : `${(Math.floor(uptime * 10_000) / 100).toFixed(2)}%`;
}

/** A day's colour; `maint` marks a day with maintenance (the label says so in words). */
function barClass(d: UptimeDay): string {
  const maint = d.maintenanceMs > 0 ? ' maint' : '';
  if (d.uptime === null) return `bar none${maint}`;
  if (d.uptime === 1) return `bar full${maint}`;
  return d.uptime >= 0.99 ? `bar part${maint}` : `bar low${maint}`;
}

/**
 * `2026-03-09: 99.52% up`; with maintenance, the downtime counted and the maintenance apart:
 * `2026-03-09: 95.65% up; down 1 h; under maintenance 1 h (not counted)`.
 */
function dayTitle(date: string, d: UptimeDay): string {
  if (d.maintenanceMs === 0) return d.uptime === null ? `${date}: no data` : `${date}: ${percentText(d.uptime)} up`;
  const parts: string[] = [];
  if (d.uptime !== null) parts.push(`${percentText(d.uptime)} up`);
  if (d.monitoredMs > d.upMs) parts.push(`down ${formatDuration(d.monitoredMs - d.upMs)}`);
  parts.push(`under maintenance ${formatDuration(d.maintenanceMs)} (not counted)`);
  return `${date}: ${parts.join('; ')}`;
}

/** The announced incidents of a day, after its uptime: `; incident: Slow API (partial outage)`. */
function incidentsTitle(incidents: readonly string[] | undefined): string {
  if (!incidents || incidents.length === 0) return '';
  return `; ${incidents.length === 1 ? 'incident' : 'incidents'}: ${incidents.join('; ')}`;
}

/**
 * The 90 bars of a check as HTML, built as a string: 9,000 elements a page cost most of its render
 * time as vnodes. The day's text comes from dates and numbers; incident titles are people's text,
 * so the whole title is escaped.
 */
function barsHtml(labels: readonly DayLabel[], days: readonly UptimeDay[], dayIncidents: readonly string[][]): string {
  let html = '';
  days.forEach((d, i) => {
    const title = dayTitle((labels[i] as DayLabel).date, d) + incidentsTitle(dayIncidents[i]);
    const marked = dayIncidents[i]?.length ? ' incident-day' : '';
    html += `<li class="${barClass(d)}${marked}" title="${escapeHtml(title)}"></li>`;
  });
  return html;
}

function summary(view: PublicStatusView): string {
  const { down, late } = view.counts;
  if (down > 0) return down === 1 ? '1 check is down' : `${down} checks are down`;
  if (late > 0) return late === 1 ? 'No check is down; 1 is late' : `No check is down; ${late} are late`;
  return 'No check is down';
}

function CheckRow({ check, labels, underMaintenance }: { check: PublicCheckView; labels: DayLabel[]; underMaintenance: boolean }) {
  const days = labels.length;
  return (
    <li class="check">
      <div class="check-head">
        <span class="check-name">{check.name}</span>
        {underMaintenance ? (
          <span class="check-state">
            <StatusBadge status={check.status} /> <span class="maintenance-tag">Maintenance</span>
          </span>
        ) : (
          <StatusBadge status={check.status} />
        )}
      </div>
      {/* One bar per day; each names its day and uptime (title: the tooltip and the accessible description). */}
      <ol
        class="bars"
        aria-label={`Uptime per day, last ${days} days, oldest first`}
        dangerouslySetInnerHTML={{ __html: barsHtml(labels, check.days, check.dayIncidents) }}
      />
      <p class="uptime">
        <span>{days} days ago</span>
        <span>{check.uptime === null ? 'no data' : `${percentText(check.uptime)} uptime`}</span>
        <span>today</span>
      </p>
    </li>
  );
}

function IncidentList({ incidents }: { incidents: PublicStatusView['incidents'] }) {
  return (
    <ul>
      {incidents.map((i) => (
        <li class={i.end ? 'incident' : 'incident ongoing'}>
          <span class="incident-check">{i.checkName}</span> was down from <time datetime={i.start.toISOString()}>{utcText(i.start)}</time>
          {i.end ? (
            <>
              {' '}
              to <time datetime={i.end.toISOString()}>{utcText(i.end)}</time> ({durationText(i.durationMs)})
            </>
          ) : (
            <> and is still down ({durationText(i.durationMs)} so far)</>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The public status page: server-rendered, no JavaScript, nothing but names, statuses and times. */
export function PublicStatusPage({
  view,
  maintenance,
  assets,
  pageUrl,
}: {
  view: PublicStatusView;
  maintenance: PublicMaintenanceView;
  assets: Assets;
  /** The page's own path (/status/<public key>): the subscribe form and the feeds hang under it. */
  pageUrl: string;
}) {
  const days = view.days.length;
  // Still open first, apart: what a visitor came to see.
  const open = view.incidents.filter((i) => i.end === null);
  const past = view.incidents.filter((i) => i.end !== null);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{view.title}</title>
        <link rel="stylesheet" href={assets.url('base.css')} />
        <link rel="stylesheet" href={assets.url('status-page.css')} />
        <link rel="alternate" type="application/atom+xml" title={`${view.title}: incidents (Atom)`} href={`${pageUrl}/feed.atom`} />
        <link rel="alternate" type="application/rss+xml" title={`${view.title}: incidents (RSS)`} href={`${pageUrl}/feed.rss`} />
      </head>
      <body>
        <main>
          <h1>{view.title}</h1>
          <p class={view.counts.down > 0 ? 'summary summary-down' : 'summary'}>{summary(view)}</p>
          <ActiveIncidents incidents={view.announced.active} />
          <PublicMaintenanceBanner maintenance={maintenance} />
          {view.groups.map((g, gi) => (
            <section class="group">
              {/* A group without a name lists its checks without a heading. */}
              {g.name !== '' ? <h2>{g.name}</h2> : null}
              {g.checks.length === 0 ? <p class="muted">No checks in this group.</p> : null}
              <ul class="checks">
                {g.checks.map((c, ci) => (
                  <CheckRow check={c} labels={view.days} underMaintenance={maintenance.underMaintenance[gi]?.[ci] ?? false} />
                ))}
              </ul>
            </section>
          ))}
          {/* Down episodes computed from flips: what the checks saw, apart from what people announced. */}
          {open.length > 0 ? (
            <section class="incidents" aria-labelledby="open-incidents">
              <h2 id="open-incidents">Ongoing downtime</h2>
              <IncidentList incidents={open} />
            </section>
          ) : null}
          <section class="incidents" aria-labelledby="past-incidents">
            <h2 id="past-incidents">Past downtime</h2>
            {past.length === 0 ? <p class="muted">No downtime in the last {days} days.</p> : <IncidentList incidents={past} />}
            {view.olderIncidents > 0 ? <p class="muted">{view.olderIncidents} older times down in these days are not listed.</p> : null}
          </section>
          <ResolvedIncidents incidents={view.announced.resolved} days={days} />
          <section class="subscribe" aria-labelledby="subscribe">
            <h2 id="subscribe">Get updates</h2>
            <p>Incidents, their updates and their resolution by e-mail. We send a link to confirm first; every message has a link to unsubscribe.</p>
            <SubscribeForm action={`${pageUrl}/subscribe`} />
            <p>
              Or follow the <a href={`${pageUrl}/feed.atom`}>Atom feed</a> or the <a href={`${pageUrl}/feed.rss`}>RSS feed</a>.
            </p>
          </section>
        </main>
        <footer>
          Updated {utcText(view.now)}. Times are UTC; a day runs 00:00–24:00 UTC. Uptime counts time up (or late, within its grace period) against time
          monitored; paused time and time under maintenance are left out (a day with maintenance says how long in its label).
        </footer>
      </body>
    </html>
  );
}
