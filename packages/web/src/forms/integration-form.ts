import type { IntegrationKindName } from '@upmon/domain';
import { checked, field, fields, listField, type FormBody } from './form-values.js';

/** An integration form's values as its fields hold them; `events` is the checked events. */
export interface IntegrationFormValues {
  text: Record<string, string>;
  events: string[];
}

/** The config fields of each kind (the API's config schemas), with their labels and hints. */
export const CONFIG_FIELDS: Record<
  IntegrationKindName,
  { name: string; label: string; hint?: string; type?: 'email' | 'url' | 'password' | 'text'; area?: boolean }[]
> = {
  telegram: [],
  email: [{ name: 'email', label: 'Send to address', type: 'email' }],
  webhook: [
    { name: 'url', label: 'URL to POST to', type: 'url' },
    {
      name: 'secret',
      label: 'Signing secret',
      type: 'password',
      hint: 'Optional. Requests then carry X-Signature: t=<unix>,v1=<HMAC-SHA256 of "<unix>.<body>">.',
    },
    { name: 'content_type', label: 'Content type', hint: 'Optional; application/json by default.' },
    {
      name: 'body_template',
      label: 'Body template',
      area: true,
      hint: 'Optional. Placeholders: {{event}} {{check_id}} {{check_name}} {{status}} {{previous_status}} {{reason}} {{ts}} {{tags}} {{subject}} {{message}}. Empty: a JSON object with all of them.',
    },
  ],
  slack: [{ name: 'webhook_url', label: 'Slack incoming webhook URL', type: 'url' }],
  discord: [{ name: 'webhook_url', label: 'Discord webhook URL', type: 'url' }],
  mattermost: [{ name: 'webhook_url', label: 'Mattermost incoming webhook URL', type: 'url' }],
  sms: [{ name: 'phone', label: 'Phone number', hint: 'In international format, e.g. +15551234567.' }],
  pagerduty: [{ name: 'routing_key', label: 'Integration (routing) key', hint: 'The 32-character key of an Events API v2 integration.' }],
};

export const KIND_LABELS: Record<IntegrationKindName, string> = {
  telegram: 'Telegram',
  email: 'E-mail',
  webhook: 'Webhook',
  slack: 'Slack',
  discord: 'Discord',
  mattermost: 'Mattermost',
  sms: 'SMS',
  pagerduty: 'PagerDuty',
};

export function defaultIntegrationValues(kind: IntegrationKindName): IntegrationFormValues {
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
    },
    events: ['down', 'up'],
  };
}

const TEXT_FIELDS = ['name', 'enabled', 'tags', 'reminders', 'escalate_after_min', 'quiet_hours.from', 'quiet_hours.to', 'quiet_hours.tz'];

export function integrationFormValuesOf(body: FormBody, kind: IntegrationKindName): IntegrationFormValues {
  const names = [...TEXT_FIELDS, ...CONFIG_FIELDS[kind].map((f) => `config.${f.name}`)];
  return { text: Object.fromEntries(names.map((n) => [n, field(body, n)])), events: fields(body, 'events') };
}

/** The form → the API's IntegrationInput body (validated by the API's own schema). */
export function integrationBodyFromForm(body: FormBody, kind: IntegrationKindName): Record<string, unknown> {
  const tags = listField(body, 'tags');
  const reminders = listField(body, 'reminders').map((r) => (/^\d{1,6}$/.test(r) ? Number(r) : r));
  const from = field(body, 'quiet_hours.from').trim();
  const to = field(body, 'quiet_hours.to').trim();
  // Empty: at once; digits become a number; anything else goes to the API's validation as is.
  const escalate = field(body, 'escalate_after_min').trim();
  const config: Record<string, unknown> = {};
  for (const f of CONFIG_FIELDS[kind]) {
    const v = field(body, `config.${f.name}`);
    if (v.trim() !== '') config[f.name] = f.area ? v : v.trim();
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
