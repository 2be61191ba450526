import { roleAllows } from '@upmon/core';
import { EMPTY_MAINTENANCE_FORM, type MaintenanceForm } from '../../forms/maintenance-form.js';
import type { ProjectAccess } from '../../http/project-access.js';
import type { MaintenanceView } from '../../queries/project-maintenance.js';
import { CardsTable } from '../cards-table.js';
import { CsrfField } from '../csrf-field.js';
import { Checkbox, FormProblems, SelectField, TextField, type FormErrors } from '../form-fields.js';
import type { PageContext } from '../page-context.js';
import { PostButton } from '../post-button.js';
import { ProjectSectionPage } from '../project-section-page.js';
import { inZone, Time } from '../time.js';
import { timeZoneOptions } from '../time-zones.js';

export interface MaintenancePageProps {
  page: PageContext;
  access: ProjectAccess;
  windows: MaintenanceView[];
  checks: { id: string; name: string }[];
  form: MaintenanceForm;
  errors?: FormErrors;
  notice: string | null;
}

function Scope({ view, checks }: { view: MaintenanceView; checks: { id: string; name: string }[] }) {
  const w = view.window;
  if (w.scope === 'tags') return <>checks tagged {w.tags.join(', ')}</>;
  if (w.scope === 'checks') {
    const names = w.checkIds.map((id) => checks.find((c) => c.id === id)?.name ?? 'a deleted check');
    return <>{names.join(', ')}</>;
  }
  return <>all checks</>;
}

/**
 * From … to …: in the viewer's zone (app.js; UTC without it) and, for a repeating window, also in
 * the window's own zone, the one its schedule is read in. A one-off window has no zone of its own
 * (the API stores instants), so it is shown in the viewer's.
 */
function Span({ start, end, zone }: { start: Date; end: Date; zone: string | null }) {
  return (
    <>
      <Time at={start} /> to <Time at={end} />
      {zone && zone !== 'UTC' ? (
        <>
          <br />
          <span class="muted">
            {inZone(start, zone)} to {inZone(end, zone)} in {zone}
          </span>
        </>
      ) : null}
    </>
  );
}

function When({ view }: { view: MaintenanceView }) {
  const w = view.window;
  const occurrence = view.current ?? view.next;
  const span = occurrence ? (
    <Span start={occurrence.start} end={occurrence.end} zone={w.tz} />
  ) : w.startsAt && w.endsAt ? (
    <Span start={w.startsAt} end={w.endedAt && w.endedAt < w.endsAt ? w.endedAt : w.endsAt} zone={w.tz} />
  ) : null;
  if (w.schedule === null) return span;
  return (
    <>
      <code>{w.schedule}</code> in {w.tz}, {w.durationMin} min each
      {span ? (
        <>
          <br />
          <span class="muted">{view.current ? 'now: ' : 'next: '}</span>
          {span}
        </>
      ) : null}
    </>
  );
}

function WindowTable({
  title,
  views,
  checks,
  canWrite,
  page,
  base,
}: {
  title: string;
  views: MaintenanceView[];
  checks: { id: string; name: string }[];
  canWrite: boolean;
  page: PageContext;
  base: string;
}) {
  if (views.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      <CardsTable columns={['Name', 'When', 'Applies to', canWrite && 'Actions']}>
        {views.map((v) => (
          <tr data-maintenance-id={v.window.id}>
            <th scope="row">{v.window.name}</th>
            <td data-label="When">
              <When view={v} />
            </td>
            <td data-label="Applies to">
              <Scope view={v} checks={checks} />
            </td>
            {canWrite ? (
              <td data-label="Actions">
                {v.current || (v.window.schedule === null && v.next) ? (
                  <PostButton action={`${base}/${v.window.id}/end`} csrf={page.csrf} variant="secondary">
                    {v.current ? 'End now' : 'Call off'}
                  </PostButton>
                ) : null}{' '}
                <PostButton action={`${base}/${v.window.id}/delete`} csrf={page.csrf} variant="danger">
                  Delete
                </PostButton>
              </td>
            ) : null}
          </tr>
        ))}
      </CardsTable>
    </section>
  );
}

/**
 * The project's maintenance windows: in progress, to come, and past (30 days), then the form to
 * add one (from now for N minutes, from … to …, or repeating). Plain forms: no JavaScript needed.
 */
export function MaintenancePage({ page, access, windows, checks, form, errors = {}, notice }: MaintenancePageProps) {
  // A form not yet posted: the browser may put its own zone in the picker.
  const fresh = form === EMPTY_MAINTENANCE_FORM;
  const canWrite = roleAllows(access.role, 'checks.write');
  const base = `/projects/${access.project.id}/maintenance`;
  const active = windows.filter((v) => v.current);
  const upcoming = windows.filter((v) => !v.current && v.next);
  const past = windows.filter((v) => !v.current && !v.next);
  const table = (title: string, views: MaintenanceView[]) => (
    <WindowTable title={title} views={views} checks={checks} canWrite={canWrite} page={page} base={base} />
  );
  return (
    <ProjectSectionPage page={page} access={access} section="maintenance" label="Maintenance">
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      <p>
        During maintenance, pings and status changes are recorded as always, but no notifications are sent about the checks it applies to. When it ends, each
        check that is still down or late is notified once. Status pages show the maintenance.
      </p>
      {windows.length === 0 ? <p class="muted">No maintenance windows.</p> : null}
      {table('In progress', active)}
      {table('Upcoming', upcoming)}
      {table('Past', past)}
      {canWrite ? (
        <form method="post" action={base} class="stack" id="maintenance-form">
          <h2>Add maintenance</h2>
          <CsrfField token={page.csrf} />
          <FormProblems errors={errors} fields={['name', 'when', 'duration_min', 'starts_at', 'ends_at', 'schedule', 'tz', 'tags', 'checks', 'body']} />
          <TextField name="name" label="Name" value={form.name} maxLength={100} placeholder="Maintenance" errors={errors} />
          <SelectField
            name="when"
            label="When"
            value={form.when}
            options={[
              { value: 'now', label: 'From now, for a number of minutes' },
              { value: 'one_off', label: 'Once, from a start to an end' },
              { value: 'recurring', label: 'Repeating (cron or OnCalendar)' },
            ]}
            errors={errors}
          />
          {/* maintenance-form.js shows only the fields of the chosen "When" (without it, all are shown, each saying what it is for). */}
          <div data-when="now recurring">
            <TextField
              name="duration_min"
              label="Minutes"
              type="number"
              value={form.durationMin}
              hint="From now, or how long each repeat lasts (1 to 10080)."
              errors={errors}
            />
          </div>
          <fieldset data-when="one_off">
            <legend>Once</legend>
            <TextField
              name="starts_at"
              label="Start"
              type="datetime-local"
              value={form.startsAt}
              hint="Local time in the zone below (YYYY-MM-DD HH:MM)."
              errors={errors}
            />
            <TextField name="ends_at" label="End" type="datetime-local" value={form.endsAt} errors={errors} />
          </fieldset>
          <fieldset data-when="recurring">
            <legend>Repeating</legend>
            <TextField
              name="schedule"
              label="Schedule"
              value={form.schedule}
              maxLength={255}
              placeholder="0 3 * * sun"
              hint="Cron (five fields) or OnCalendar: each time it fires, a maintenance of the minutes above starts."
              errors={errors}
            />
          </fieldset>
          <div data-when="one_off recurring">
            <SelectField
              name="tz"
              label="Time zone"
              value={form.tz}
              options={timeZoneOptions(form.tz)}
              hint="For the start and end, or the schedule."
              data={fresh ? { 'browser-zone': '1' } : {}}
              errors={errors}
            />
          </div>
          <fieldset>
            <legend>Applies to</legend>
            <SelectField
              name="scope"
              label="Checks"
              value={form.scope}
              options={[
                { value: 'project', label: 'All checks of the project' },
                { value: 'tags', label: 'Checks with any of these tags' },
                { value: 'checks', label: 'The checks ticked below' },
              ]}
              errors={errors}
            />
            <div data-scope="tags">
              <TextField name="tags" label="Tags" value={form.tags} maxLength={2000} hint="Separated by spaces or commas." errors={errors} />
            </div>
            {checks.length > 0 ? (
              <div class="dependency-list" role="group" aria-label="Checks it applies to" data-scope="checks">
                {checks.map((c) => (
                  <Checkbox name="checks" value={c.id} label={c.name} checked={form.checks.includes(c.id)} />
                ))}
              </div>
            ) : null}
          </fieldset>
          <button type="submit">Add maintenance</button>
        </form>
      ) : (
        <p class="notice">Read-only members cannot add or end maintenance.</p>
      )}
    </ProjectSectionPage>
  );
}
