import { isValidTimeZone, MAX_TIME_ZONE_LENGTH, wallTimeToInstant } from '@upmon/core';
import type { FormErrors } from '../views/form-fields.js';
import { field, fields, listField, numberField, type FormBody } from './form-values.js';

/** How the window is given on the form. */
export type MaintenanceWhen = 'now' | 'one_off' | 'recurring';

/** The create form as shown again (with errors). */
export interface MaintenanceForm {
  when: MaintenanceWhen;
  name: string;
  durationMin: string;
  startsAt: string;
  endsAt: string;
  schedule: string;
  tz: string;
  scope: 'project' | 'tags' | 'checks';
  tags: string;
  checks: string[];
}

export const EMPTY_MAINTENANCE_FORM: MaintenanceForm = {
  when: 'now',
  name: '',
  durationMin: '30',
  startsAt: '',
  endsAt: '',
  schedule: '',
  tz: 'UTC',
  scope: 'project',
  tags: '',
  checks: [],
};

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A `datetime-local` value read in `tz` → an ISO instant, or a message: the API takes instants
 * with an offset, people think in wall-clock times of a zone.
 */
function instantOf(value: string, tz: string): { iso: string } | { error: string } {
  const m = LOCAL.exec(value.trim());
  if (!m) return { error: 'must be a date and time (YYYY-MM-DDTHH:MM)' };
  const ms = wallTimeToInstant(tz, Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]));
  if (ms === null) return { error: `does not exist in ${tz} (the clock skips it)` };
  return { iso: new Date(ms).toISOString() };
}

/** The form → the API's window body (and field errors of what only the form can get wrong). */
export function maintenanceInputOf(body: FormBody): { input: Record<string, unknown>; form: MaintenanceForm; errors: FormErrors } {
  const when = (['now', 'one_off', 'recurring'] as const).find((w) => w === field(body, 'when')) ?? 'now';
  const scope = (['project', 'tags', 'checks'] as const).find((s) => s === field(body, 'scope')) ?? 'project';
  const form: MaintenanceForm = {
    when,
    name: field(body, 'name'),
    durationMin: field(body, 'duration_min'),
    startsAt: field(body, 'starts_at'),
    endsAt: field(body, 'ends_at'),
    schedule: field(body, 'schedule'),
    tz: field(body, 'tz').trim() || 'UTC',
    scope,
    tags: field(body, 'tags'),
    checks: fields(body, 'checks'),
  };
  const errors: FormErrors = {};
  const input: Record<string, unknown> = {};
  if (form.name.trim() !== '') input.name = form.name.trim();
  if (scope === 'tags') input.tags = listField(body, 'tags');
  if (scope === 'checks') input.checks = form.checks;
  if (when === 'now') input.duration_min = numberField(body, 'duration_min');
  if (when === 'recurring') Object.assign(input, { schedule: form.schedule, tz: form.tz, duration_min: numberField(body, 'duration_min') });
  if (when === 'one_off') {
    if (form.tz.length > MAX_TIME_ZONE_LENGTH || !isValidTimeZone(form.tz)) errors.tz = ['is not a known IANA time zone name'];
    else {
      for (const [name, value] of [
        ['starts_at', form.startsAt],
        ['ends_at', form.endsAt],
      ] as const) {
        const r = instantOf(value, form.tz);
        if ('error' in r) errors[name] = [r.error];
        else input[name] = r.iso;
      }
    }
  }
  return { input, form, errors };
}
