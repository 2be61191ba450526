import { renderIncidentMarkdown, roleAllows } from '@upmon/core';
import { INCIDENT_LIMITS, type IncidentWithParts } from '@upmon/domain';
import type { IncidentComponentChoices } from '../../forms/incident-form.js';
import type { ProjectAccess } from '../../http/project-access.js';
import { CsrfField } from '../csrf-field.js';
import { FormProblems, TextArea, TextField, type FormErrors } from '../form-fields.js';
import type { PageContext } from '../page-context.js';
import { PostButton } from '../post-button.js';
import { ProjectSectionPage } from '../project-section-page.js';
import { Time } from '../time.js';
import { ComponentFields, UpdateFields } from './incident-fields.js';
import { IMPACT_WORDS, STATE_WORDS } from './public-incidents-model.js';
import { ActionNotice } from './status-page-notices.js';

/** Which form a page shows again with what was sent, after an error. */
export type IncidentFormState =
  | { form: 'update'; state: string; message: string }
  | { form: 'change'; title: string; impacts: Record<string, string> }
  | { form: 'edit'; updateId: string; message: string }
  | null;

export interface IncidentPageProps {
  page: PageContext;
  access: ProjectAccess;
  incident: IncidentWithParts;
  choices: IncidentComponentChoices;
  /** The stored components as the change form's selects. */
  impacts: Record<string, string>;
  sent: IncidentFormState;
  errors?: FormErrors;
  notice: string | null;
}

/** One incident: post an update (or resolve), edit or delete updates, change its title and components, delete it. */
export function IncidentPage({ page, access, incident, choices, impacts, sent, errors = {}, notice }: IncidentPageProps) {
  const base = `/projects/${access.project.id}/status-page/incidents/${incident.id}`;
  const canWrite = roleAllows(access.role, 'incidents.write');
  const errorsOf = (form: NonNullable<IncidentFormState>['form'], updateId?: string) =>
    sent?.form === form && (sent.form !== 'edit' || sent.updateId === updateId) ? errors : {};
  const change = sent?.form === 'change' ? sent : { title: incident.title, impacts };
  const update = sent?.form === 'update' ? sent : { state: incident.state === 'resolved' ? 'resolved' : incident.state, message: '' };
  return (
    <ProjectSectionPage page={page} access={access} section="status-page" label={incident.title}>
      <p>
        <a href={`/projects/${access.project.id}/status-page/incidents`}>All incidents</a>
      </p>
      <ActionNotice text={notice} />
      {sent === null && errors._form ? <FormProblems errors={errors} fields={[]} /> : null}
      <h2>{incident.title}</h2>
      <p>
        <strong>{STATE_WORDS[incident.state]}</strong> · started <Time at={incident.startedAt} />
        {incident.resolvedAt ? (
          <>
            {' '}
            · resolved <Time at={incident.resolvedAt} />
          </>
        ) : null}
      </p>
      <p>
        {incident.components.length === 0
          ? 'Affects nothing named on the page.'
          : `Affects: ${incident.components.map((c) => `${c.name} (${IMPACT_WORDS[c.impact]})`).join(', ')}`}
      </p>
      {canWrite ? (
        <section aria-labelledby="post-update">
          <h3 id="post-update">Post an update</h3>
          <form method="post" action={`${base}/updates`} class="stack">
            <CsrfField token={page.csrf} />
            <FormProblems errors={errorsOf('update')} fields={['state', 'message']} />
            <UpdateFields state={update.state} message={update.message} errors={errorsOf('update')} />
            <button type="submit">Post update</button>
          </form>
        </section>
      ) : null}
      <section aria-labelledby="updates">
        <h3 id="updates">Updates, newest first</h3>
        <ol class="plain-list">
          {incident.updates.map((u) => {
            const editing = sent?.form === 'edit' && sent.updateId === u.id ? sent.message : u.message;
            return (
              <li class="incident-update">
                <p>
                  <strong>{STATE_WORDS[u.state]}</strong> · <Time at={u.createdAt} />
                  {u.editedAt ? <span class="muted"> (edited)</span> : null}
                </p>
                <div class="update-message" dangerouslySetInnerHTML={{ __html: renderIncidentMarkdown(u.message) }} />
                {canWrite ? (
                  <details open={sent?.form === 'edit' && sent.updateId === u.id}>
                    <summary>Edit or delete this update</summary>
                    <form method="post" action={`${base}/updates/${u.id}`} class="stack">
                      <CsrfField token={page.csrf} />
                      <FormProblems errors={errorsOf('edit', u.id)} fields={['message']} />
                      <TextArea
                        id={`f-message-${u.id}`}
                        name="message"
                        label="Message"
                        value={editing}
                        rows={4}
                        maxLength={INCIDENT_LIMITS.messageMax}
                        required
                        errors={errorsOf('edit', u.id)}
                      />
                      <button type="submit">Save message</button>
                    </form>
                    <PostButton action={`${base}/updates/${u.id}/delete`} csrf={page.csrf} variant="danger">
                      Delete this update
                    </PostButton>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>
      {canWrite ? (
        <section aria-labelledby="change-incident">
          <h3 id="change-incident">Title and what it affects</h3>
          <form method="post" action={base} class="stack">
            <CsrfField token={page.csrf} />
            <FormProblems errors={errorsOf('change')} fields={['title', ...Object.keys(change.impacts)]} />
            <TextField name="title" label="Title" value={change.title} maxLength={INCIDENT_LIMITS.titleMax} required errors={errorsOf('change')} />
            <fieldset>
              <legend>Affected</legend>
              <ComponentFields choices={choices} values={change.impacts} errors={errorsOf('change')} />
            </fieldset>
            <button type="submit">Save changes</button>
          </form>
          <h3>Delete</h3>
          <p class="hint">Removes the incident and its updates from the page and its history. To close it, post a “Resolved” update instead.</p>
          <PostButton action={`${base}/delete`} csrf={page.csrf} variant="danger">
            Delete incident
          </PostButton>
        </section>
      ) : null}
    </ProjectSectionPage>
  );
}
