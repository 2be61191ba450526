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
  /** The move just made ("up:<check id>" or "down:<check id>"): its button keeps the focus. */
  moved?: string;
}

type CheckRow = { id: string; name: string };

/**
 * One group's checks in their order, one line each: name, group choice, move up / move down
 * (submit buttons: they work without JavaScript and from the keyboard). The hidden `order` fields
 * carry the order of every check on the page, so any submit keeps it.
 */
function CheckOrderList({ title, rows, slots, group, moved }: { title: string; rows: CheckRow[]; slots: string[]; group: number | null; moved?: string }) {
  const headingId = `check-order-${group ?? 'hidden'}`;
  if (group !== null && rows.length === 0 && slots[group] === '') return null;
  // The moved check's button in the direction it went keeps the focus; at the end it went to, the other one.
  const focus = (i: number): 'up' | 'down' | null => {
    const [dir, id] = (moved ?? '').split(':');
    if (id !== rows[i]?.id) return null;
    if (rows.length === 1) return null;
    if (dir === 'up') return i === 0 ? 'down' : 'up';
    return i === rows.length - 1 ? 'up' : 'down';
  };
  return (
    <section class="check-order-group">
      <h2 id={headingId}>{title}</h2>
      {rows.length === 0 ? <p class="muted">No checks.</p> : null}
      <ol class="check-order" aria-labelledby={headingId} data-group={group === null ? '' : String(group)}>
        {rows.map((c, i) => (
          <li class="check-order-row" id={`order-${c.id}`} data-check-id={c.id}>
            <input type="hidden" name="order" value={c.id} />
            <span class="check-order-name">{c.name}</span>
            <select name={`group_${c.id}`} aria-label={`Group of ${c.name}`}>
              <option value="">Not shown</option>
              {slots.map((name, gi) => (
                <option value={String(gi)} selected={group === gi}>
                  {name || `Group ${gi + 1}`}
                </option>
              ))}
            </select>
            {group === null ? null : (
              <span class="check-order-moves">
                <button type="submit" name="move" value={`up:${c.id}`} disabled={i === 0} autofocus={focus(i) === 'up'} aria-label={`Move ${c.name} up`}>
                  ↑
                </button>
                <button
                  type="submit"
                  name="move"
                  value={`down:${c.id}`}
                  disabled={i === rows.length - 1}
                  autofocus={focus(i) === 'down'}
                  aria-label={`Move ${c.name} down`}
                >
                  ↓
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The project's status page settings: title, on/off, group names, and the checks listed by group
 * in their order, one line each. Plain form fields and submit buttons: no JavaScript needed.
 */
export function StatusPageSettingsPage({ page, access, checks, form, publicUrl, maxGroups, errors = {}, saved, moved }: StatusPageSettingsProps) {
  const canManage = roleAllows(access.role, 'status_page.manage');
  const base = `/projects/${access.project.id}/status-page`;
  const slots = form.groups.length < maxGroups ? [...form.groups, ''] : form.groups;
  const shownIn = (group: number) =>
    checks.filter((c) => form.placement.get(c.id)?.[0] === group).sort((a, b) => (form.placement.get(a.id)?.[1] ?? 0) - (form.placement.get(b.id)?.[1] ?? 0));
  const hidden = checks.filter((c) => !form.placement.has(c.id));
  return (
    <ProjectSectionPage page={page} access={access} section="status-page" label="Status page">
      <ActionNotice text={saved ? 'Saved.' : null} />
      <p>
        A public page with the chosen checks' status, a 90-day uptime bar per check and past incidents; anyone with its link can read it. Check names and group
        names are shown; nothing else about the checks (no URLs, pings or integrations).
      </p>
      {publicUrl ? (
        <p>
          Public link:{' '}
          <a href={publicUrl} class="public-link">
            {publicUrl}
          </a>{' '}
          {form.enabled ? null : <span class="muted">(off: answers “not found” until enabled)</span>}
        </p>
      ) : null}
      {publicUrl ? (
        <p>
          <a href={`${base}/preview`}>Preview</a>: the public page as last saved, published or not (save first to see a new order).
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
        {/* Enter in a text field submits with the first submit button: this one, not a move. */}
        {canManage ? <button type="submit" hidden tabindex={-1} /> : null}
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
          <p class="hint" id="check-order-hint">
            Choose each check's group (or “Not shown”); “Move up” and “Move down” change its place in its group and save at once. You can also drag a check to a
            new place in its group, then save.
          </p>
          {slots.map((name, i) => (
            <CheckOrderList title={name || `Group ${i + 1}`} rows={shownIn(i)} slots={slots} group={i} moved={moved} />
          ))}
          <p class="visually-hidden" role="status" data-order-status></p>
          <CheckOrderList title="Not shown" rows={hidden} slots={slots} group={null} moved={moved} />
        </fieldset>
        {canManage ? <button type="submit">Save status page</button> : null}
      </form>
    </ProjectSectionPage>
  );
}
