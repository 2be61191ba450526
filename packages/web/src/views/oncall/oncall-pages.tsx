import { roleAllows, type Shift } from '@upmon/core';
import type { OncallScheduleWithLayers } from '@upmon/domain';
import type { OncallOverride } from '@upmon/db';
import type { ProjectAccess } from '../../http/project-access.js';
import { CardsTable } from '../cards-table.js';
import { CsrfField } from '../csrf-field.js';
import { FormProblems, SelectField, TextField, type FormErrors } from '../form-fields.js';
import type { PageContext } from '../page-context.js';
import { PostButton } from '../post-button.js';
import { ProjectSectionPage } from '../project-section-page.js';
import { Time } from '../time.js';
import { timeZoneOptions } from '../time-zones.js';
import { colourOf, OncallTimeline } from './oncall-timeline.js';

type NowNext = { now: Shift | null; next: Shift | null };

function Who({ shift, names, none }: { shift: Shift | null; names: ReadonlyMap<string, string>; none: string }) {
  if (!shift) return <span class="muted">{none}</span>;
  return (
    <>
      <strong>{names.get(shift.userId) ?? shift.userId}</strong> <span class="muted">until</span> <Time at={shift.end} />
    </>
  );
}

function NextUp({ shift, names }: { shift: Shift | null; names: ReadonlyMap<string, string> }) {
  if (!shift) return <span class="muted">nobody within 400 days</span>;
  return (
    <>
      <strong>{names.get(shift.userId) ?? shift.userId}</strong> <span class="muted">from</span> <Time at={shift.start} relative />
    </>
  );
}

/** The project's on-call schedules with who is on call now and next, and a form to add one. */
export function OncallListPage(props: {
  page: PageContext;
  access: ProjectAccess;
  schedules: { schedule: OncallScheduleWithLayers; onCall: NowNext }[];
  names: ReadonlyMap<string, string>;
  name: string;
  errors?: FormErrors;
  notice: string | null;
}) {
  const base = `/projects/${props.access.project.id}/oncall`;
  const errors = props.errors ?? {};
  return (
    <ProjectSectionPage page={props.page} access={props.access} section="oncall" label="On call">
      {props.notice ? (
        <p class="notice" role="status">
          {props.notice}
        </p>
      ) : null}
      <p>Who is woken at night: rotations that hand over on their own, layers that cover each other, and overrides (docs: on-call).</p>
      {props.schedules.length === 0 ? (
        <p class="muted">No on-call schedules.</p>
      ) : (
        <CardsTable columns={['Schedule', 'On call now', 'Next']}>
          {props.schedules.map(({ schedule, onCall }) => (
            <tr data-schedule-id={schedule.id}>
              <th scope="row">
                <a href={`${base}/${schedule.id}`}>{schedule.name}</a>
              </th>
              <td data-label="On call now">
                <Who shift={onCall.now} names={props.names} none="nobody" />
              </td>
              <td data-label="Next">
                <NextUp shift={onCall.next} names={props.names} />
              </td>
            </tr>
          ))}
        </CardsTable>
      )}
      {roleAllows(props.access.role, 'checks.write') ? (
        <form method="post" action={base} class="stack">
          <h2>Add a schedule</h2>
          <CsrfField token={props.page.csrf} />
          <FormProblems errors={errors} fields={['name', 'body']} />
          <TextField
            name="name"
            label="Name"
            value={props.name}
            maxLength={100}
            required
            errors={errors}
            hint="Add its rotations with the API (POST /api/v1/oncall/schedules/{id}/layers)."
          />
          <button type="submit">Add schedule</button>
        </form>
      ) : null}
    </ProjectSectionPage>
  );
}

/** Rotation slots the layer form offers (the API takes up to 50). */
export const LAYER_FORM_SLOTS = 6;

export interface LayerForm {
  name: string;
  users: string[];
  unit: string;
  count: string;
  anchorDate: string;
  handoffTime: string;
  tz: string;
}

export interface OverrideForm {
  user: string;
  startsAt: string;
  endsAt: string;
  tz: string;
}

/** One schedule: now and next, a two-week timeline, its layers, overrides and the form to add one. */
export function OncallSchedulePage(props: {
  page: PageContext;
  access: ProjectAccess;
  schedule: OncallScheduleWithLayers;
  onCall: NowNext;
  tz: string;
  days: { date: string; start: Date; end: Date }[];
  shifts: Shift[];
  overrides: OncallOverride[];
  candidates: { id: string; name: string }[];
  names: ReadonlyMap<string, string>;
  form: OverrideForm;
  layerForm: LayerForm;
  /** The form the errors belong to. */
  failed?: 'override' | 'layer';
  errors?: FormErrors;
  notice: string | null;
}) {
  const { schedule, names } = props;
  const layerErrors = props.failed === 'layer' ? (props.errors ?? {}) : {};
  const base = `/projects/${props.access.project.id}/oncall/${schedule.id}`;
  const canWrite = roleAllows(props.access.role, 'checks.write');
  const errors = props.failed === 'override' ? (props.errors ?? {}) : {};
  const people = [{ value: '', label: '(nobody)' }, ...props.candidates.map((c) => ({ value: c.id, label: c.name }))];
  const users = [...new Set([...schedule.layers.flatMap((l) => l.userIds), ...props.shifts.map((s) => s.userId)])];
  const name = (id: string) => names.get(id) ?? id;
  return (
    <ProjectSectionPage page={props.page} access={props.access} section="oncall" label={schedule.name}>
      {props.notice ? (
        <p class="notice" role="status">
          {props.notice}
        </p>
      ) : null}
      <h2>{schedule.name}</h2>
      {schedule.description ? <p>{schedule.description}</p> : null}
      <dl class="facts">
        <dt>On call now</dt>
        <dd data-field="now">
          <Who shift={props.onCall.now} names={names} none="nobody" />
        </dd>
        <dt>Next</dt>
        <dd data-field="next">
          <NextUp shift={props.onCall.next} names={names} />
        </dd>
      </dl>
      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Next two weeks</h2>
        <p class="muted">Days in {props.tz}.</p>
        <OncallTimeline days={props.days} shifts={props.shifts} users={users} names={names} />
        <ul class="oncall-legend" aria-label="Colours">
          {users.map((u) => (
            <li>
              <svg width="14" height="14" aria-hidden="true">
                <rect width="14" height="14" fill={colourOf(users, u)} />
              </svg>{' '}
              {name(u)}
            </li>
          ))}
        </ul>
        <h3>Shifts</h3>
        {props.shifts.length === 0 ? (
          <p class="muted">Nobody is on call in the next two weeks.</p>
        ) : (
          <CardsTable columns={['Who', 'From', 'To']} field="shifts">
            {props.shifts.map((s) => (
              <tr>
                <th scope="row">{name(s.userId)}</th>
                <td data-label="From">
                  <Time at={s.start} />
                </td>
                <td data-label="To">
                  <Time at={s.end} />
                </td>
              </tr>
            ))}
          </CardsTable>
        )}
      </section>
      <section aria-labelledby="layers-heading">
        <h2 id="layers-heading">Layers</h2>
        {schedule.layers.length === 0 ? (
          <p class="muted">No layers yet: add them with the API.</p>
        ) : (
          <CardsTable columns={['Layer', 'Rotation', 'Hands over', canWrite && 'Actions']}>
            {[...schedule.layers].reverse().map((l) => (
              <tr>
                <th scope="row">{l.name}</th>
                <td data-label="Rotation">{l.userIds.map(name).join(' → ')}</td>
                <td data-label="Hands over">
                  every {l.rotationCount === 1 ? l.rotationUnit.slice(0, -1) : `${l.rotationCount} ${l.rotationUnit}`} at {l.handoffTime} {l.tz}
                  {(l.restrictions as unknown[]).length > 0 ? ' (restricted)' : ''}
                </td>
                {canWrite ? (
                  <td data-label="Actions">
                    <PostButton action={`${base}/layers/${l.id}/delete`} csrf={props.page.csrf} variant="danger">
                      Delete
                    </PostButton>
                  </td>
                ) : null}
              </tr>
            ))}
          </CardsTable>
        )}
      </section>
      {canWrite ? (
        <form method="post" action={`${base}/layers`} class="stack">
          <h3>Add a layer</h3>
          <p class="muted">Above the others. Time-of-day and weekday restrictions are set through the API.</p>
          <CsrfField token={props.page.csrf} />
          <FormProblems
            errors={layerErrors}
            fields={{
              name: 'Name',
              users: 'People',
              rotation_unit: 'Each turn',
              rotation_count: 'Length',
              anchor_date: 'First turn on',
              handoff_time: 'Handoff time',
              tz: 'Time zone',
              body: 'Form',
            }}
          />
          <TextField id="layer-name" name="name" label="Name" value={props.layerForm.name} maxLength={100} placeholder="Layer" errors={layerErrors} />
          <fieldset>
            <legend>People, in rotation order</legend>
            {Array.from({ length: LAYER_FORM_SLOTS }, (_, i) => (
              <SelectField
                id={`layer-user-${i}`}
                name="users"
                label={`Turn ${i + 1}`}
                value={props.layerForm.users[i] ?? ''}
                options={people}
                errors={i === 0 ? layerErrors : {}}
              />
            ))}
          </fieldset>
          <SelectField
            id="layer-unit"
            name="rotation_unit"
            label="Each turn"
            value={props.layerForm.unit}
            options={[
              { value: 'days', label: 'days' },
              { value: 'weeks', label: 'weeks' },
              { value: 'hours', label: 'hours' },
            ]}
            errors={layerErrors}
          />
          <TextField
            id="layer-count"
            name="rotation_count"
            label="Length"
            type="number"
            value={props.layerForm.count}
            hint="How many of those each person's turn lasts."
            errors={layerErrors}
          />
          <TextField
            id="layer-anchor"
            name="anchor_date"
            label="First turn on"
            value={props.layerForm.anchorDate}
            placeholder="YYYY-MM-DD"
            maxLength={10}
            errors={layerErrors}
          />
          <TextField
            id="layer-handoff"
            name="handoff_time"
            label="Handoff time"
            value={props.layerForm.handoffTime}
            placeholder="HH:MM"
            maxLength={5}
            hint="Local time; 09:00 stays 09:00 across daylight saving changes."
            errors={layerErrors}
          />
          <SelectField
            id="layer-tz"
            name="tz"
            label="Time zone"
            value={props.layerForm.tz}
            options={timeZoneOptions(props.layerForm.tz)}
            errors={layerErrors}
          />
          <button type="submit">Add layer</button>
        </form>
      ) : null}
      <section aria-labelledby="overrides-heading">
        <h2 id="overrides-heading">Overrides</h2>
        {props.overrides.length === 0 ? (
          <p class="muted">No overrides in the next two weeks.</p>
        ) : (
          <CardsTable columns={['Who', 'From', 'To', canWrite && 'Actions']} field="overrides">
            {props.overrides.map((o) => (
              <tr>
                <th scope="row">{name(o.userId)}</th>
                <td data-label="From">
                  <Time at={o.startsAt} />
                </td>
                <td data-label="To">
                  <Time at={o.endsAt} />
                </td>
                {canWrite ? (
                  <td data-label="Actions">
                    <PostButton action={`${base}/overrides/${o.id}/delete`} csrf={props.page.csrf} variant="danger">
                      Delete
                    </PostButton>
                  </td>
                ) : null}
              </tr>
            ))}
          </CardsTable>
        )}
        {canWrite ? (
          <form method="post" action={`${base}/overrides`} class="stack">
            <h3>Add an override</h3>
            <CsrfField token={props.page.csrf} />
            <FormProblems errors={errors} fields={['user', 'starts_at', 'ends_at', 'tz', 'body']} />
            <SelectField
              name="user"
              label="Who"
              value={props.form.user}
              options={props.candidates.map((c) => ({ value: c.id, label: c.name }))}
              errors={errors}
            />
            <TextField name="starts_at" label="From" type="datetime-local" value={props.form.startsAt} hint="Local time in the zone below." errors={errors} />
            <TextField name="ends_at" label="To" type="datetime-local" value={props.form.endsAt} errors={errors} />
            <SelectField id="override-tz" name="tz" label="Time zone" value={props.form.tz} options={timeZoneOptions(props.form.tz)} errors={errors} />
            <button type="submit">Add override</button>
          </form>
        ) : null}
      </section>
    </ProjectSectionPage>
  );
}
