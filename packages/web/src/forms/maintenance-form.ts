import { isValidTimeZone, MAX_TIME_ZONE_LENGTH } from '@upmon/core';
import type { FormErrors } from '../views/form-fields.js';
import { field, fields, listField, numberField, type FormBody } from './form-values.js';
import { datetimeLocalValue, instantOfWallTime } from './local-date-time.js';

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

/** The form → the API's window body (and field errors of what only the form can get wrong). */
export function maintenanceInputOf(body: FormBody): { input: Record<string, unknown>; form: MaintenanceForm; errors: FormErrors } {
  const when = (['now', 'one_off', 'recurring'] as const).find((w) => w === field(body, 'when')) ?? 'now';
  const scope = (['project', 'tags', 'checks'] as const).find((s) => s === field(body, 'scope')) ?? 'project';
  const form: MaintenanceForm = {
    when,
    name: field(body, 'name'),
    durationMin: field(body, 'duration_min'),
    startsAt: datetimeLocalValue(field(body, 'starts_at')),
    endsAt: datetimeLocalValue(field(body, 'ends_at')),
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
        const r = instantOfWallTime(value, form.tz);
        if ('error' in r) errors[name] = [r.error];
        else input[name] = r.at.toISOString();
      }
    }
  }
  return { input, form, errors };
}
