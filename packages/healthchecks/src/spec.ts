import { canonicalTimeZone, CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, isValidTimeZone, validateCron, validateOnCalendar } from '@upmon/core';
import { guessScheduleKind } from './schedule-kind.js';

/**
 * A Healthchecks create/update body ("Spec" in Healthchecks' hc/api/views.py) after validation.
 * Absent fields are undefined. Healthchecks refuses nulls; here a null counts as absent, because
 * Healthchecks' own clients send them (the Ansible collection sends `timeout: null` whenever a
 * check has a schedule), and refusing what clients send by default helps nobody.
 */
export interface HcSpec {
  name?: string;
  slug?: string;
  tags?: string;
  desc?: string;
  timeout?: number;
  grace?: number;
  schedule?: string;
  tz?: string;
  manual_resume?: boolean;
  methods?: '' | 'POST';
  channels?: string;
  unique?: HcUniqueField[];
  start_kw?: string;
  success_kw?: string;
  failure_kw?: string;
  subject?: string;
  subject_fail?: string;
  filter_subject?: boolean;
  filter_body?: boolean;
  filter_http_body?: boolean;
  filter_default_fail?: boolean;
}

export type HcUniqueField = 'name' | 'slug' | 'tags' | 'timeout' | 'grace';

/** A body Healthchecks would answer with 400; the message is in Healthchecks' wording. */
export class HcSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HcSpecError';
  }
}

const UNIQUE_FIELDS: readonly string[] = ['name', 'slug', 'tags', 'timeout', 'grace'];
const SECONDS_MIN = 60;
const SECONDS_MAX = 31_536_000;
/** Longer strings than any Healthchecks field allows are refused before anything parses them. */
const TEXT_MAX = 100_000;

const fail = (field: string, what: string): never => {
  throw new HcSpecError(`json validation error: ${field} ${what}`);
};

function str(body: Record<string, unknown>, field: string, max: number): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') return fail(field, 'is not a string');
  if (v.length > max) return fail(field, 'is too long');
  return v;
}

function bool(body: Record<string, unknown>, field: string): boolean | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') return fail(field, 'is not a boolean');
  return v;
}

function seconds(body: Record<string, unknown>, field: string): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) return fail(field, 'is not a number');
  if (v < SECONDS_MIN) return fail(field, 'is too small');
  if (v > SECONDS_MAX) return fail(field, 'is too large');
  return v;
}

/** The schedule as Healthchecks guesses its kind, checked with upmon's own parsers. */
function schedule(body: Record<string, unknown>): string | undefined {
  const v = str(body, 'schedule', 100);
  if (v === undefined) return undefined;
  const problem = guessScheduleKind(v) === 'cron' ? validateCron(v.trim()) : validateOnCalendar(v);
  if (problem) fail('schedule', `is not a valid cron or OnCalendar expression (${problem})`);
  return v;
}

/**
 * Validates a Healthchecks check body the way Healthchecks does (types, ranges, the first error
 * only), ignoring unknown fields (Healthchecks ignores them too: clients send their own settings,
 * e.g. the Ansible collection's `management_api_base_url`). Throws HcSpecError.
 */
export function parseHcSpec(body: Record<string, unknown>): HcSpec {
  const spec: HcSpec = {};
  const set = <K extends keyof HcSpec>(k: K, v: HcSpec[K] | undefined) => {
    if (v !== undefined) spec[k] = v;
  };
  const name = str(body, 'name', 100);
  if (name !== undefined && hasControlCharacters(name)) fail('name', CONTROL_CHARACTERS_MESSAGE);
  set('name', name);
  const slug = str(body, 'slug', 100);
  if (slug !== undefined && !/^[a-z0-9_-]*$/.test(slug)) fail('slug', 'does not match pattern');
  set('slug', slug);
  set('tags', str(body, 'tags', 500));
  set('desc', str(body, 'desc', TEXT_MAX));
  set('timeout', seconds(body, 'timeout'));
  set('grace', seconds(body, 'grace'));
  set('schedule', schedule(body));
  // As Healthchecks: a legacy name (Europe/Kiev, UCT, CET) is stored as its canonical zone.
  const rawTz = str(body, 'tz', 64);
  const tz = rawTz === undefined ? undefined : canonicalTimeZone(rawTz);
  if (tz !== undefined && !isValidTimeZone(tz)) fail('tz', 'is not a valid timezone');
  set('tz', tz);
  set('manual_resume', bool(body, 'manual_resume'));
  const methods = str(body, 'methods', 30);
  if (methods !== undefined && methods !== '' && methods !== 'POST') fail('methods', 'has unexpected value');
  set('methods', methods as HcSpec['methods']);
  set('channels', str(body, 'channels', TEXT_MAX));
  const unique = body.unique;
  if (unique !== undefined && unique !== null) {
    if (!Array.isArray(unique)) fail('unique', 'is not an array');
    for (const u of unique as unknown[]) if (typeof u !== 'string' || !UNIQUE_FIELDS.includes(u)) fail("an item in 'unique'", 'has unexpected value');
    spec.unique = unique as HcUniqueField[];
  }
  for (const k of ['start_kw', 'success_kw', 'failure_kw', 'subject', 'subject_fail'] as const) set(k, str(body, k, 200));
  for (const k of ['filter_subject', 'filter_body', 'filter_http_body', 'filter_default_fail'] as const) set(k, bool(body, k));
  return spec;
}
