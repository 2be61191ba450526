import { roleAllows } from '@upmon/core';
import type { ProjectAccess } from '../../http/project-access.js';
import { CsrfField } from '../csrf-field.js';
import { Checkbox, FormProblems, TextField, type FormErrors } from '../form-fields.js';
import type { PageContext } from '../page-context.js';
import { ProjectSectionPage } from '../project-section-page.js';
import { ActionNotice } from './status-page-notices.js';

/** What the settings form shows: the saved page or what was just sent back with errors. */
export interface StatusPageForm {
  title: string;
  enabled: boolean;
  /** Group names in order (a blank slot is offered after them for a new group). */
  groups: string[];
  /** Check id → [group index, position in the group]; absent: not on the page. */
  placement: Map<string, [number, number]>;
}

export interface StatusPageSettingsProps {
  page: PageContext;
  access: ProjectAccess;
  checks: { id: string; name: string }[];
  form: StatusPageForm;
  /** The public URL once the page exists. */
  publicUrl: string | null;
  maxGroups: number;
  errors?: FormErrors;
  saved?: boolean;
}

/**
 * The project's status page settings: title, on/off, group names, and for each check the group
 * it is shown in (or none) and its place there. Plain form fields: no JavaScript needed.
 */
export function StatusPageSettingsPage({ page, access, checks, form, publicUrl, maxGroups, errors = {}, saved }: StatusPageSettingsProps) {
  const canManage = roleAllows(access.role, 'status_page.manage');
  const base = `/projects/${access.project.id}/status-page`;
  const slots = form.groups.length < maxGroups ? [...form.groups, ''] : form.groups;
  return (
    <ProjectSectionPage page={page} access={access} section="status-page" label="Status page">
      <ActionNotice text={saved ? 'Saved.' : null} />
      <p>
        A public page with the chosen checks' status, a 90-day uptime bar per check and past incidents; anyone with its link can read it. Check names and group
        names are shown; nothing else about the checks (no URLs, pings or integrations).
      </p>
      {publicUrl ? (
        <p>
          Public link: <a href={publicUrl}>{publicUrl}</a> {form.enabled ? null : <span class="muted">(off: answers “not found” until enabled)</span>}
        </p>
      ) : null}
      {publicUrl ? (
        <p>
          <a href={`${base}/incidents`}>Incidents</a>: tell the page's readers what is wrong, what is being done and when it is fixed (owners, admins and
          members).
        </p>
      ) : null}
      {publicUrl && canManage ? (
        <p>
          <a href={`${base}/subscribers`}>Subscribers</a>: who is told of each incident update by e-mail or webhook (owners and admins).
        </p>
      ) : null}
      {!canManage ? <p class="notice">Only owners and admins can change the status page.</p> : null}
      <form method="post" action={base} class="stack">
        <CsrfField token={page.csrf} />
        <FormProblems errors={errors} fields={['title', 'enabled', ...slots.map((_, i) => `groups.${i}.name`)]} />
        <fieldset disabled={!canManage}>
          <legend>Page</legend>
          <TextField name="title" label="Title" value={form.title} maxLength={100} required errors={errors} />
          <Checkbox name="enabled" label="Published (anyone with the link can see it)" checked={form.enabled} errors={errors} />
        </fieldset>
        <fieldset disabled={!canManage}>
          <legend>Groups</legend>
          <p class="hint">
            Shown in this order. Clear a name to remove a group with no checks; fill the empty one to add a group. A group without a name lists its checks
            without a heading.
          </p>
          {slots.map((name, i) => (
            <TextField name={`groups.${i}.name`} label={`Group ${i + 1}`} value={name} maxLength={100} errors={errors} />
          ))}
        </fieldset>
        <fieldset disabled={!canManage}>
          <legend>Checks</legend>
          {checks.length === 0 ? <p class="muted">This project has no checks yet.</p> : null}
          <div class="table-wrap">
            <table class="cards">
              <thead>
                <tr>
                  <th scope="col">Check</th>
                  <th scope="col">Group</th>
                  <th scope="col">Place</th>
                </tr>
              </thead>
              <tbody>
                {checks.map((c) => {
                  const at = form.placement.get(c.id);
                  return (
                    <tr>
                      <th scope="row">{c.name}</th>
                      <td data-label="Group">
                        <select name={`group_${c.id}`} aria-label={`Group of ${c.name}`}>
                          <option value="">Not shown</option>
                          {slots.map((name, i) => (
                            <option value={String(i)} selected={at?.[0] === i}>
                              {name || `Group ${i + 1}`}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td data-label="Place">
                        <input
                          type="number"
                          name={`place_${c.id}`}
                          min={1}
                          max={1000}
                          value={at ? at[1] + 1 : ''}
                          aria-label={`Place of ${c.name} in its group`}
                          class="narrow"
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </fieldset>
        {canManage ? <button type="submit">Save status page</button> : null}
      </form>
    </ProjectSectionPage>
  );
}
