import { formatDuration } from '@upmon/core';
import type { Report } from '@upmon/domain';
import type { ProjectAccess } from '../../http/project-access.js';
import { uptimeText } from '../checks/availability-panel.js';
import { CardsTable } from '../cards-table.js';
import { FormProblems, SelectField, TextField, type FormErrors } from '../form-fields.js';
import type { PageContext } from '../page-context.js';
import { ProjectSectionPage } from '../project-section-page.js';
import { Time } from '../time.js';
import { timeZoneOptions } from '../time-zones.js';
import { BudgetMeter } from './budget-meter.js';

export interface ReportForm {
  month: string;
  tz: string;
  tag: string;
}

const ms = (x: number) => (x > 0 ? formatDuration(x) : '—');

/** Incidents listed on the page at most (a month of 1,000 flapping checks has tens of thousands); the CSV has them all. */
const REPORT_INCIDENTS_SHOWN = 500;

/** The query of the downloads: the report's own, as the form sent it. */
function exportHref(projectId: string, form: ReportForm, extra: Record<string, string>): string {
  const q = new URLSearchParams({ month: form.month, tz: form.tz, ...(form.tag ? { tag: form.tag } : {}), ...extra });
  return `/projects/${projectId}/reports/export?${q.toString()}`;
}

function Summary({ report }: { report: Report }) {
  const t = report.totals;
  return (
    <dl class="facts report-summary">
      <dt>Checks</dt>
      <dd>{t.checks}</dd>
      <dt>Uptime</dt>
      <dd data-field="uptime">{uptimeText(t.availability)}</dd>
      <dt>Downtime</dt>
      <dd>{ms(t.downMs)}</dd>
      <dt>Incidents</dt>
      <dd>{t.incidents}</dd>
      <dt>Under maintenance (not counted)</dt>
      <dd>{ms(t.maintenanceMs)}</dd>
    </dl>
  );
}

/**
 * A project's report for a month (docs/slos.md, "Reports"): a form for the month, zone and tag,
 * the downloads, then the summary, the SLOs, the checks and the incidents. Printing leaves out the
 * app's chrome and the form (app.css, `@media print`), so the browser's "Save as PDF" is the report.
 */
export function ReportPage(props: { page: PageContext; access: ProjectAccess; form: ReportForm; report: Report | null; errors: FormErrors }) {
  const { page, access, form, report } = props;
  const tz = form.tz;
  return (
    <ProjectSectionPage page={page} access={access} section="reports" label="Reports">
      <form method="get" action={`/projects/${access.project.id}/reports`} class="report-query no-print" aria-label="Report period">
        <FormProblems errors={props.errors} fields={{ month: 'Month', tz: 'Time zone', tag: 'Tag', check: 'Check' }} />
        <div class="row">
          <TextField name="month" label="Month" type="month" value={form.month} errors={props.errors} required />
          <SelectField name="tz" label="Time zone" value={tz} options={timeZoneOptions(tz)} errors={props.errors} />
          <TextField name="tag" label="Tag" value={form.tag} errors={props.errors} hint="Only checks with this tag; empty: every check" maxLength={100} />
        </div>
        <button type="submit">Show report</button>
      </form>
      {report ? (
        <article class="report" aria-labelledby="h-report">
          <h2 id="h-report">
            Report for {form.month}
            {form.tag ? ` · tag ${form.tag}` : ''}
          </h2>
          <p class="muted">
            From <Time at={new Date(report.query.range.from)} zone={tz} /> to <Time at={new Date(report.query.range.to)} zone={tz} /> ({tz}); made{' '}
            <Time at={new Date(report.generatedAt)} zone={tz} />. Late counts as up; paused time is not counted; time under maintenance counts neither as up nor
            as down.
          </p>
          <p class="no-print downloads">
            Download: <a href={exportHref(access.project.id, form, { format: 'csv' })}>CSV, one row per check</a> ·{' '}
            <a href={exportHref(access.project.id, form, { format: 'csv', rows: 'incidents' })}>CSV, one row per incident</a> ·{' '}
            <a href={exportHref(access.project.id, form, { format: 'json' })}>JSON</a>. To keep a PDF, print this page.
          </p>
          <Summary report={report} />

          <h3>Service level objectives</h3>
          {report.slos.length === 0 ? (
            <p class="muted">No SLO is about these checks. SLOs are set through the API (POST /api/v1/slos).</p>
          ) : (
            <CardsTable columns={['SLO', 'Target', 'Attained', 'Met', 'Error budget left']} field="slos">
              {report.slos.map(({ slo, attainment: a }) => (
                <tr>
                  <th scope="row">{slo.name}</th>
                  <td data-label="Target">{slo.targetPercent} %</td>
                  <td data-label="Attained">{uptimeText(a.availability)}</td>
                  <td data-label="Met">{a.met === null ? 'no data' : a.met ? 'yes' : 'no'}</td>
                  <td data-label="Error budget left">
                    <BudgetMeter budget={a.budget} />
                  </td>
                </tr>
              ))}
            </CardsTable>
          )}

          <h3>Checks</h3>
          <CardsTable columns={['Check', 'Uptime', 'Down', 'Under maintenance', 'Incidents', 'Response p50 / p95 / p99']} field="checks">
            {report.checks.map((c) => (
              <tr>
                <th scope="row">
                  <a href={`/checks/${c.id}`}>{c.name}</a>
                </th>
                <td data-label="Uptime">{uptimeText(c.availability)}</td>
                <td data-label="Down">{ms(c.downMs)}</td>
                <td data-label="Under maintenance">{ms(c.maintenanceMs)}</td>
                <td data-label="Incidents">{c.incidents.length}</td>
                <td data-label="Response p50 / p95 / p99">
                  {c.responseTimes ? `${c.responseTimes.p50} / ${c.responseTimes.p95} / ${c.responseTimes.p99} ms` : <span class="muted">—</span>}
                </td>
              </tr>
            ))}
          </CardsTable>

          <h3>Incidents</h3>
          {report.totals.incidents === 0 ? (
            <p>No incident.</p>
          ) : (
            <>
              <CardsTable columns={['Check', 'Started', 'Ended', 'Lasted', 'Why']} field="incidents">
                {report.checks
                  .flatMap((c) => c.incidents.map((i) => ({ name: c.name, i })))
                  .slice(0, REPORT_INCIDENTS_SHOWN)
                  .map(({ name, i }) => (
                    <tr>
                      <th scope="row">{name}</th>
                      <td data-label="Started">
                        <Time at={new Date(i.start)} zone={tz} />
                      </td>
                      <td data-label="Ended">{i.end === null ? 'still down at the end' : <Time at={new Date(i.end)} zone={tz} />}</td>
                      <td data-label="Lasted">
                        {formatDuration(i.durationMs)}
                        {i.countedMs !== i.durationMs ? <span class="muted"> ({formatDuration(i.countedMs)} counted in this report)</span> : null}
                      </td>
                      <td data-label="Why">{i.reason}</td>
                    </tr>
                  ))}
              </CardsTable>
              {report.totals.incidents > REPORT_INCIDENTS_SHOWN ? (
                <p>
                  {report.totals.incidents - REPORT_INCIDENTS_SHOWN} more incidents are in the{' '}
                  <a href={exportHref(access.project.id, form, { format: 'csv', rows: 'incidents' })}>CSV, one row per incident</a>.
                </p>
              ) : null}
            </>
          )}
        </article>
      ) : null}
    </ProjectSectionPage>
  );
}
