import { CHANNEL_KINDS, channelKind, type FormField } from '@upmon/channels';
import type { IntegrationKind } from '@upmon/db';
import { checked, field, fields, listField, type FormBody } from './form-values.js';

/** An integration form's values as its fields hold them; `events` is the checked events. */
export interface IntegrationFormValues {
  text: Record<string, string>;
  events: string[];
}

/** The config fields of a kind: its folder's form field descriptors (@upmon/channels). */
export function configFieldsOf(kind: IntegrationKind): readonly FormField[] {
  return channelKind(kind)?.formFields ?? [];
}

/** The name people know each kind's provider by. */
export const KIND_LABELS = Object.fromEntries(CHANNEL_KINDS.map((k) => [k.kind, k.label])) as Record<IntegrationKind, string>;

/** A field whose value is a number in the config (a number input, or a select of numbers). */
const isNumeric = (f: FormField) => f.type === 'number' || (f.type === 'select' && (f.options ?? []).some((o) => typeof o.value === 'number'));

export function defaultIntegrationValues(kind: IntegrationKind): IntegrationFormValues {
  return {
    text: {
      name: KIND_LABELS[kind],
      enabled: '1',
      tags: '',
      reminders: '',
      escalate_after_min: '0',
      'quiet_hours.from': '',
      'quiet_hours.to': '',
      'quiet_hours.tz': 'UTC',
      ...Object.fromEntries(configFieldsOf(kind).map((f) => [`config.${f.name}`, f.default === undefined ? '' : String(f.default)])),
    },
    events: ['down', 'up'],
  };
}

const TEXT_FIELDS = ['name', 'enabled', 'tags', 'reminders', 'escalate_after_min', 'quiet_hours.from', 'quiet_hours.to', 'quiet_hours.tz'];

export function integrationFormValuesOf(body: FormBody, kind: IntegrationKind): IntegrationFormValues {
  const names = [...TEXT_FIELDS, ...configFieldsOf(kind).map((f) => `config.${f.name}`)];
  return { text: Object.fromEntries(names.map((n) => [n, field(body, n)])), events: fields(body, 'events') };
}

/** The form → the API's IntegrationInput body (validated by the API's own schema). */
export function integrationBodyFromForm(body: FormBody, kind: IntegrationKind): Record<string, unknown> {
  const tags = listField(body, 'tags');
  const reminders = listField(body, 'reminders').map((r) => (/^\d{1,6}$/.test(r) ? Number(r) : r));
  const from = field(body, 'quiet_hours.from').trim();
  const to = field(body, 'quiet_hours.to').trim();
  // Empty: at once; digits become a number; anything else goes to the API's validation as is.
  const escalate = field(body, 'escalate_after_min').trim();
  const config: Record<string, unknown> = {};
  for (const f of configFieldsOf(kind)) {
    const v = field(body, `config.${f.name}`);
    if (v.trim() === '') continue;
    // Numbers stay text when they are not digits: the API's validation then says what is wrong.
    if (isNumeric(f)) config[f.name] = /^-?\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v.trim();
    else config[f.name] = f.type === 'textarea' ? v : v.trim();
  }
  const out: Record<string, unknown> = {
    kind,
    name: field(body, 'name').trim(),
    events: fields(body, 'events'),
    tags: tags.length ? tags : null,
    enabled: checked(body, 'enabled'),
    // Both times empty: no quiet hours.
    quiet_hours: from || to ? { from, to, tz: field(body, 'quiet_hours.tz') || 'UTC' } : null,
    reminders: reminders.length ? reminders : null,
    escalate_after_min: escalate === '' ? 0 : /^\d{1,6}$/.test(escalate) ? Number(escalate) : escalate,
    config,
  };
  return out;
}

/** A stored integration (its config decrypted) → the form's values. */
export function formValuesOfIntegration(row: {
  name: string;
  enabled: boolean;
  events: string[];
  tags: unknown;
  reminders: unknown;
  quietHours: unknown;
  escalateAfterMin: number | null;
  config: Record<string, unknown>;
}): IntegrationFormValues {
  const qh = row.quietHours as { from: string; to: string; tz: string } | null;
  const text: Record<string, string> = {
    name: row.name,
    enabled: row.enabled ? '1' : '',
    tags: ((row.tags as string[] | null) ?? []).join(' '),
    reminders: ((row.reminders as number[] | null) ?? []).join(', '),
    escalate_after_min: String(row.escalateAfterMin ?? 0),
    'quiet_hours.from': qh?.from ?? '',
    'quiet_hours.to': qh?.to ?? '',
    'quiet_hours.tz': qh?.tz ?? 'UTC',
  };
  for (const [k, v] of Object.entries(row.config)) text[`config.${k}`] = String(v ?? '');
  return { text, events: row.events };
}
