import { isProbedKind, PROBED_KINDS, type CheckKind } from '@upmon/core';
import { PROBE_DEFAULT_PERIOD_SEC, type FieldErrors } from '@upmon/domain';
import { conditionRowsOf, conditionsFromForm, configFromForm, formFieldNames, formFromConfig, PROBE_KINDS } from '@upmon/probes';
import { checked, field, fields, listField, numberField, type FormBody } from './form-values.js';

/** A check form's values as the fields hold them (strings; checkboxes '1' or ''). */
export type CheckFormValues = Record<string, string>;

/** The probed kinds whose form is drawn from their definition (http's is laid out by hand). */
const DRAWN_FORM_KINDS = PROBED_KINDS.filter((k) => k !== 'http').map((k) => PROBE_KINDS[k]);

export const CHECK_FORM_DEFAULTS: CheckFormValues = {
  name: '',
  slug: '',
  description: '',
  tags: '',
  tz: 'UTC',
  grace_sec: '300',
  min_run_sec: '',
  /** Ids of the checks this one depends on, space-separated (the form's checkboxes). */
  depends_on: '',
  'schedule.kind': 'period',
  'schedule.period_sec': '3600',
  'schedule.cron': '0 3 * * *',
  'schedule.oncalendar': '*-*-* 03:00:00',
  'http_config.url': 'https://',
  'http_config.method': 'GET',
  'http_config.timeout_sec': '10',
  'http_config.expected_codes': '2xx, 3xx',
  'http_config.keyword': '',
  'http_config.keyword_absent': '',
  'http_config.follow_redirects': '1',
  'http_config.headers': '',
  'http_config.basic_auth.username': '',
  'http_config.basic_auth.password': '',
  'http_config.ssl_days_before': '14',
  'http_config.confirmations': '2',
  ...conditionRowsOf('http_config', []),
  // The other probed kinds' forms are drawn from their descriptors in @upmon/probes.
  ...probeFormDefaults(),
};

/** A new check's form: probed kinds are probed every minute (the API's default for them). */
export function checkFormDefaults(kind: CheckKind): CheckFormValues {
  return isProbedKind(kind) ? { ...CHECK_FORM_DEFAULTS, 'schedule.period_sec': String(PROBE_DEFAULT_PERIOD_SEC) } : CHECK_FORM_DEFAULTS;
}

/** The drawn forms' initial values: their schemas' defaults. */
function probeFormDefaults(): CheckFormValues {
  const values: CheckFormValues = {};
  for (const k of DRAWN_FORM_KINDS) Object.assign(values, formFromConfig(k, k.schema.validate({}).value ?? {}));
  return values;
}

const FIELDS = [...new Set([...Object.keys(CHECK_FORM_DEFAULTS), ...DRAWN_FORM_KINDS.flatMap((k) => formFieldNames(k))])];

/** Every input name of the check form, the kinds' included (for the form's problem list). */
export const CHECK_FORM_FIELDS = FIELDS;

/** The submitted values, to show the form again with its messages. */
export function formValuesOf(body: FormBody): CheckFormValues {
  return Object.fromEntries(FIELDS.map((k) => [k, k === 'depends_on' ? fields(body, k).join(' ') : field(body, k)]));
}

/** "Name: value" lines → a headers object; malformed lines are reported on the field. */
function parseHeaders(text: string, errors: FieldErrors): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  lines.forEach((line, i) => {
    const colon = line.indexOf(':');
    if (colon <= 0) (errors['http_config.headers'] ??= []).push(`line ${i + 1} must be "Name: value"`);
    else headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  });
  return lines.length ? headers : undefined;
}

/**
 * The form → the API's request body, so the API's own validation (joi schemas and messages) and
 * services decide everything. Empty optional fields are left out; numbers that are not numbers
 * are passed as typed so the API says "must be a number" next to them.
 */
export function checkBodyFromForm(body: FormBody, kind: CheckKind, opts: { create: boolean }): { body: Record<string, unknown>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const scheduleKind = field(body, 'schedule.kind');
  const schedule: Record<string, unknown> = { kind: scheduleKind };
  if (scheduleKind === 'period') schedule.period_sec = numberField(body, 'schedule.period_sec');
  else if (scheduleKind === 'cron') schedule.cron = field(body, 'schedule.cron').trim();
  else if (scheduleKind === 'oncalendar') schedule.oncalendar = field(body, 'schedule.oncalendar').trim();
  const out: Record<string, unknown> = {
    name: field(body, 'name').trim(),
    description: field(body, 'description').trim() || null,
    tags: listField(body, 'tags'),
    tz: field(body, 'tz') || 'UTC',
    grace_sec: numberField(body, 'grace_sec'),
    schedule,
    // The ticked checkboxes (none ticked: no dependencies, so an edit removes them).
    depends_on: fields(body, 'depends_on').filter((id) => id !== ''),
  };
  if (opts.create) {
    out.kind = kind;
    const slug = field(body, 'slug').trim();
    if (slug) out.slug = slug;
  }
  // Empty: no minimum (null, so an edit removes it).
  if (kind === 'heartbeat') out.min_run_sec = numberField(body, 'min_run_sec') ?? null;
  if (kind === 'http') {
    const http: Record<string, unknown> = {
      url: field(body, 'http_config.url').trim(),
      method: field(body, 'http_config.method') || 'GET',
      timeout_sec: numberField(body, 'http_config.timeout_sec'),
      expected_codes: listField(body, 'http_config.expected_codes'),
      keyword_absent: checked(body, 'http_config.keyword_absent'),
      follow_redirects: checked(body, 'http_config.follow_redirects'),
      ssl_days_before: numberField(body, 'http_config.ssl_days_before'),
      confirmations: numberField(body, 'http_config.confirmations'),
    };
    const keyword = field(body, 'http_config.keyword');
    if (keyword !== '') http.keyword = keyword;
    const headers = parseHeaders(field(body, 'http_config.headers'), errors);
    if (headers) http.headers = headers;
    const username = field(body, 'http_config.basic_auth.username');
    const password = field(body, 'http_config.basic_auth.password');
    if (username !== '' || password !== '') http.basic_auth = { username, password };
    // Left out when none: an http check saved without conditions is stored as before they existed.
    const conditions = conditionsFromForm('http_config', (name) => field(body, name));
    if (conditions.length > 0) http.conditions = conditions;
    for (const [k, v] of Object.entries(http)) if (v === undefined) delete http[k];
    out.http_config = http;
  } else if (isProbedKind(kind)) {
    const definition = PROBE_KINDS[kind];
    const { config, errors: own } = configFromForm(definition, (name) => field(body, name));
    Object.assign(errors, own);
    out[definition.configField] = config;
  }
  for (const [k, v] of Object.entries(out)) if (v === undefined) delete out[k];
  return { body: out, errors };
}

/** A stored check (its probe config decrypted) → the form's values. */
export function formValuesOfCheck(c: {
  kind?: CheckKind;
  /** Probed kinds but http: the stored config (credentials decrypted). */
  probeConfig?: Record<string, unknown> | null;
  name: string;
  slug: string | null;
  description: string | null;
  tags: string[];
  tz: string;
  graceSec: number;
  minRunSec: number | null;
  dependsOn?: string[] | null;
  scheduleKind: string;
  periodSec: number | null;
  cron: string | null;
  oncalendar: string | null;
  httpConfig: Record<string, unknown> | null;
}): CheckFormValues {
  const h = (c.httpConfig ?? {}) as Record<string, unknown>;
  const auth = (h.basic_auth ?? null) as { username?: string; password?: string } | null;
  const headers = (h.headers ?? {}) as Record<string, string>;
  return {
    ...CHECK_FORM_DEFAULTS,
    name: c.name,
    slug: c.slug ?? '',
    description: c.description ?? '',
    tags: c.tags.join(' '),
    tz: c.tz,
    grace_sec: String(c.graceSec),
    min_run_sec: c.minRunSec !== null ? String(c.minRunSec) : '',
    depends_on: (c.dependsOn ?? []).join(' '),
    'schedule.kind': c.scheduleKind,
    ...(c.periodSec !== null ? { 'schedule.period_sec': String(c.periodSec) } : {}),
    ...(c.cron !== null ? { 'schedule.cron': c.cron } : {}),
    ...(c.oncalendar !== null ? { 'schedule.oncalendar': c.oncalendar } : {}),
    ...(c.httpConfig
      ? {
          'http_config.url': String(h.url ?? ''),
          'http_config.method': String(h.method ?? 'GET'),
          'http_config.timeout_sec': String(h.timeout_sec ?? 10),
          'http_config.expected_codes': ((h.expected_codes as string[] | undefined) ?? ['2xx', '3xx']).join(', '),
          'http_config.keyword': String(h.keyword ?? ''),
          'http_config.keyword_absent': h.keyword_absent ? '1' : '',
          'http_config.follow_redirects': h.follow_redirects === false ? '' : '1',
          'http_config.headers': Object.entries(headers)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n'),
          'http_config.basic_auth.username': auth?.username ?? '',
          'http_config.basic_auth.password': auth?.password ?? '',
          'http_config.ssl_days_before': String(h.ssl_days_before ?? 14),
          'http_config.confirmations': String(h.confirmations ?? 2),
          ...conditionRowsOf('http_config', h.conditions),
        }
      : {}),
    ...(c.kind && c.kind !== 'http' && isProbedKind(c.kind) && c.probeConfig ? formFromConfig(PROBE_KINDS[c.kind], c.probeConfig) : {}),
  };
}
