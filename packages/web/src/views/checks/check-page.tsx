import { roleAllows } from '@upmon/core';
import type { CheckAvailability, ResponseTimeSeries } from '@upmon/core';
import type { CheckIntegration, CheckLocationsView, CheckRow, FlipRow, KeptCertificate, SloStatus } from '@upmon/domain';
import type { ArrivalPoint, DurationPoint } from '../../charts/run-charts.js';
import type { LastFailure } from '../../check-page/last-failure.js';
import type { TargetFact } from '@upmon/probes';
import type { ProjectAccess } from '../../http/project-access.js';
import type { DeliveryRow } from '../../queries/check-deliveries.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';
import { AvailabilityPanel } from './availability-panel.js';
import { CertificatePanel } from './certificate-panel.js';
import { CheckFactsPanel, type LinkedCheck } from './check-facts-panel.js';
import { CheckHead } from './check-head.js';
import { ManagedByCodeNotice } from '../managed-by-code-notice.js';
import { CheckIntegrationsPanel } from './check-integrations-panel.js';
import { ErrorBudgetPanel } from './error-budget-panel.js';
import { CheckSummary } from './check-summary.js';
import { HowToPingPanel } from './how-to-ping-panel.js';
import { LatestPingsSection, type PingView } from './latest-pings-section.js';
import { LocationsPanel } from './locations-panel.js';
import { NextTimesPanel } from './next-times-panel.js';
import { NotificationsSentSection } from './notifications-sent-section.js';
import { ResponseTimesPanel } from './response-times-panel.js';
import { RunTrendsPanel } from './run-trends-panel.js';
import { SectionLinks, type PageSection } from './section-links.js';
import { SnoozeControls } from './snooze-controls.js';
import { StatusChangesSection } from './status-changes-section.js';
import { TimeZoneChoice } from './time-zone-choice.js';

export interface CheckPageProps {
  /** The SLOs about the check and where they stand (its error budget section). */
  sloStatuses?: SloStatus[];
  /** Probed kinds: the response-time chart's series (range chosen by `?range=`). */
  responseTimes?: ResponseTimeSeries | null;
  /** The certificate a TLS-speaking check's server presented last. */
  certificate?: KeptCertificate | null;
  /** A probed check's locations with their last results, and its quorum. */
  locations?: CheckLocationsView | null;
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
  dependencies: LinkedCheck[];
  /** The checks that depend on this one (their down alerts are held while this one is down). */
  dependents: LinkedCheck[];
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
  /** Its key when it is managed by code (docs/monitoring-as-code.md). */
  codeKey?: string | null;
}

/** The sections below the first screen, in the page's order, for its jump links. */
function pageSections(props: CheckPageProps, probed: boolean): PageSection[] {
  const hasLocations = !!props.locations && props.locations.locations.length > 0;
  const sections: (PageSection | false)[] = [
    { id: 'h-facts', label: 'Status' },
    !probed && { id: 'h-ping', label: 'How to ping' },
    { id: 'h-uptime', label: 'Uptime' },
    hasLocations && { id: 'h-locations', label: 'Locations' },
    !!props.responseTimes && { id: 'h-response-times', label: 'Response times' },
    !!props.certificate && { id: 'h-certificate', label: 'Certificate' },
    !probed && { id: 'h-charts', label: 'Trends' },
    { id: 'h-pings', label: probed ? 'Latest probes' : 'Latest pings' },
    { id: 'h-flips', label: 'Status changes' },
    { id: 'h-integrations', label: 'Integrations' },
    { id: 'h-deliveries', label: 'Notifications sent' },
  ];
  return sections.filter((s): s is PageSection => s !== false);
}

/** A check's page (the target of every alert link): each part is a component named for what it shows. */
export function CheckPage(props: CheckPageProps) {
  const { page, access, check } = props;
  const canWrite = roleAllows(access.role, 'checks.write');
  const probed = check.kind !== 'heartbeat';
  return (
    <Layout
      page={page}
      title={`${check.status === 'down' ? '(down) ' : ''}${check.name}`}
      crumbs={[{ label: 'Projects', href: '/projects' }, { label: access.project.name, href: `/projects/${access.project.id}` }, { label: check.name }]}
      bodyData={{ poll: `/checks/${check.id}/status.json`, 'live-version': `${check.status}|${check.lastPingAt ? Date.parse(String(check.lastPingAt)) : ''}` }}
    >
      {props.notice ? (
        <p class="notice" role="status">
          {props.notice}
        </p>
      ) : null}
      <CheckHead check={check} canWrite={canWrite} csrf={page.csrf} />
      <ManagedByCodeNotice what="check" codeKey={props.codeKey} />
      <SnoozeControls check={check} canWrite={canWrite} csrf={page.csrf} now={props.now ?? new Date()} />
      <CheckSummary
        check={check}
        projectId={access.project.id}
        since={props.since}
        failure={props.failure}
        maintenance={props.maintenance}
        target={props.target}
      />
      <SectionLinks sections={pageSections(props, probed)} />

      <div class="grid-2" data-live="facts">
        <CheckFactsPanel
          check={check}
          projectId={access.project.id}
          dependencies={props.dependencies}
          dependents={props.dependents}
          nextProbe={probed && check.status !== 'paused' ? (props.nextTimes[0] ?? null) : null}
          lastProbeMs={probed ? (props.pings[0]?.durationMs ?? null) : null}
        />
        <NextTimesPanel check={check} nextTimes={props.nextTimes} />
      </div>

      {check.kind === 'heartbeat' ? <HowToPingPanel pingUrls={props.pingUrls} slugUrls={props.slugUrls} cron={check.cron} /> : null}

      <AvailabilityPanel availability={props.availability} />
      {props.sloStatuses && props.sloStatuses.length > 0 ? <ErrorBudgetPanel statuses={props.sloStatuses} projectId={access.project.id} /> : null}

      {props.locations && props.locations.locations.length > 0 ? (
        <LocationsPanel locations={props.locations.locations} quorum={props.locations.quorum} staleAfterMs={props.locations.staleAfterMs} />
      ) : null}
      {props.responseTimes ? <ResponseTimesPanel series={props.responseTimes} checkId={check.id} /> : null}
      {props.certificate ? <CertificatePanel cert={props.certificate} now={props.now ?? new Date()} /> : null}

      {/* Probed checks have their response times instead: their runs are probes, on time by construction. */}
      {probed ? null : <RunTrendsPanel durations={props.durations} arrivals={props.arrivals} graceSec={check.graceSec} />}

      <TimeZoneChoice checkTz={check.tz} />
      <LatestPingsSection pings={props.pings} probed={probed} />
      <StatusChangesSection flips={props.flips} probed={probed} />
      <CheckIntegrationsPanel checkId={check.id} projectId={access.project.id} integrations={props.integrations} canWrite={canWrite} csrf={page.csrf} />
      <NotificationsSentSection deliveries={props.deliveries} projectId={access.project.id} />
    </Layout>
  );
}
