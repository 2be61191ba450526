import { roleAllows } from '@upmon/core';
import { INCIDENT_LIMITS, type IncidentWithParts } from '@upmon/domain';
import type { IncidentComponentChoices } from '../../forms/incident-form.js';
import type { ProjectAccess } from '../../http/project-access.js';
import { CsrfField } from '../csrf-field.js';
import { FormProblems, TextField, type FormErrors } from '../form-fields.js';
import type { PageContext } from '../page-context.js';
import { ProjectSectionPage } from '../project-section-page.js';
import { Time } from '../time.js';
import { ComponentFields, UpdateFields } from './incident-fields.js';
import { STATE_WORDS } from './public-incidents-model.js';
import { ActionNotice, NoStatusPageYet } from './status-page-notices.js';

/** The new-incident form as shown (empty, or as sent back with errors). */
export interface NewIncidentForm {
  title: string;
  state: string;
  message: string;
  impacts: Record<string, string>;
}

export const EMPTY_INCIDENT_FORM: NewIncidentForm = { title: '', state: 'investigating', message: '', impacts: {} };

export interface IncidentsPageProps {
  page: PageContext;
  access: ProjectAccess;
  /** null: the project has no status page yet. */
  choices: IncidentComponentChoices | null;
  incidents: IncidentWithParts[];
  form: NewIncidentForm;
  errors?: FormErrors;
  notice: string | null;
}

function IncidentList({ incidents, base }: { incidents: IncidentWithParts[]; base: string }) {
  return (
    <ul class="plain-list">
      {incidents.map((i) => (
        <li>
          <a href={`${base}/${i.id}`}>{i.title}</a> · <strong>{STATE_WORDS[i.state]}</strong> · started <Time at={i.startedAt} />
          {i.resolvedAt ? (
            <>
              {' '}
              · resolved <Time at={i.resolvedAt} />
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The status page's incidents (docs/status-pages.md, "Incidents"): open ones, recent resolved
 * ones, and the form that opens one (owners, admins and members).
 */
export function IncidentsPage({ page, access, choices, incidents, form, errors = {}, notice }: IncidentsPageProps) {
  const base = `/projects/${access.project.id}/status-page/incidents`;
  const canWrite = roleAllows(access.role, 'incidents.write');
  const open = incidents.filter((i) => i.resolvedAt === null);
  const resolved = incidents.filter((i) => i.resolvedAt !== null);
  return (
    <ProjectSectionPage page={page} access={access} section="status-page" label="Incidents">
      <p>
        <a href={`/projects/${access.project.id}/status-page`}>Status page settings</a>
        {roleAllows(access.role, 'status_page.manage') ? (
          <>
            {' '}
            · <a href={`/projects/${access.project.id}/status-page/subscribers`}>Subscribers</a>
          </>
        ) : null}
      </p>
      <ActionNotice text={notice} />
      {choices === null ? (
        <NoStatusPageYet projectId={access.project.id}> to announce incidents on it.</NoStatusPageYet>
      ) : (
        <>
          <h2>Open incidents</h2>
          {open.length === 0 ? <p class="muted">No open incidents.</p> : <IncidentList incidents={open} base={base} />}
          <h2>Resolved incidents</h2>
          {resolved.length === 0 ? <p class="muted">None yet.</p> : <IncidentList incidents={resolved} base={base} />}
          {canWrite ? (
            <section aria-labelledby="new-incident">
              <h2 id="new-incident">Open an incident</h2>
              <form method="post" action={base} class="stack">
                <CsrfField token={page.csrf} />
                <FormProblems errors={errors} fields={['title', 'state', 'message', ...Object.keys(form.impacts)]} />
                <TextField name="title" label="Title" value={form.title} maxLength={INCIDENT_LIMITS.titleMax} required errors={errors} />
                <UpdateFields state={form.state} message={form.message} errors={errors} />
                <fieldset>
                  <legend>Affected</legend>
                  <ComponentFields choices={choices} values={form.impacts} errors={errors} />
                </fieldset>
                <button type="submit">Open incident</button>
              </form>
            </section>
          ) : (
            <p class="notice">Read-only members see incidents; owners, admins and members open and update them.</p>
          )}
        </>
      )}
    </ProjectSectionPage>
  );
}
