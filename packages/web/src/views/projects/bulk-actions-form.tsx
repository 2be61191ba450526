import { CsrfField } from '../csrf-field.js';

/** How long "Put in maintenance" lasts, in hours (a one-off window from now). */
export const BULK_MAINTENANCE_HOURS: readonly number[] = [1, 4, 24];

/** The form the dashboard rows' checkboxes belong to (their `form="bulk"`): what to do with the checks ticked; `view` is the dashboard's query string. */
export function BulkActionsForm({ base, csrf, view }: { base: string; csrf: string; view: string }) {
  return (
    <form id="bulk" method="post" action={`${base}/checks/bulk`} class="bulk-actions" aria-label="Change the selected checks">
      <CsrfField token={csrf} />
      {/* The view (search, tags, status, order, page) to come back to. */}
      <input type="hidden" name="view" value={view} />
      <div class="field">
        <label for="bulk-action">With the selected checks</label>
        <select id="bulk-action" name="action">
          <option value="pause">Pause</option>
          <option value="resume">Resume</option>
          <option value="tag_add">Add the tag</option>
          <option value="tag_remove">Remove the tag</option>
          <option value="maintenance">Put in maintenance for</option>
          <option value="delete">Delete…</option>
        </select>
      </div>
      <div class="field">
        <label for="bulk-tag">Tag</label>
        <input id="bulk-tag" name="tag" type="text" maxLength={100} />
      </div>
      <div class="field">
        <label for="bulk-hours">Maintenance</label>
        <select id="bulk-hours" name="hours">
          {BULK_MAINTENANCE_HOURS.map((h) => (
            <option value={String(h)}>{h === 1 ? '1 hour' : `${h} hours`}</option>
          ))}
        </select>
      </div>
      {/* Shown by bulk-actions.js (it needs the script); not part of what is sent. */}
      <label class="select-all" hidden>
        <input type="checkbox" data-select-all /> All on this page
      </label>
      <button type="submit">Apply</button>
      <span class="muted" data-selected-count aria-live="polite" />
    </form>
  );
}
