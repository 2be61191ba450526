import { guessScheduleKind } from './schedule-kind.js';
import { HcSpecError, type HcSpec } from './spec.js';
import { hcSlugify } from './slugify.js';
import { parseHcTags } from './tags.js';

/** The schedule of an upmon check (its `schedule_kind` with the matching column). */
export type CheckSchedule = { kind: 'period'; periodSec: number } | { kind: 'cron'; cron: string } | { kind: 'oncalendar'; oncalendar: string };

/** What a Healthchecks body decides about an upmon check, under upmon's rules. */
export interface CheckFields {
  name: string;
  slug: string | null;
  description: string | null;
  tags: string[];
  tz: string;
  /** The grace upmon watches with (within its rules). */
  graceSec: number;
  /** The grace the Healthchecks client asked for when it is more than `graceSec`, else null (checks.hc_grace_sec). */
  hcGraceSec: number | null;
  schedule: CheckSchedule;
  /** Only POST pings count (Healthchecks' `methods: "POST"`). */
  postOnly: boolean;
}

/** A value Healthchecks would have stored but upmon's rules do not allow, and what was stored instead. */
export interface Adjustment {
  field: string;
  requested: unknown;
  stored: unknown;
  reason: string;
}

/** Healthchecks' defaults for a new check (hc/api/models.py). */
export const HC_DEFAULT_TIMEOUT_SEC = 86_400;
export const HC_DEFAULT_GRACE_SEC = 3_600;
/** upmon's own limits (docs/api-contract.md, Limits). */
const GRACE_MAX_SEC = 2_592_000;
const GRACE_PER_PERIOD = 10;
const NAME_MAX = 255;
const DESCRIPTION_MAX = 10_000;
const UPMON_SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;

/** Keyword filtering is a Healthchecks feature upmon does not have. */
function refuseUnsupported(spec: HcSpec): void {
  for (const k of ['filter_subject', 'filter_body', 'filter_http_body', 'filter_default_fail'] as const) {
    if (spec[k] === true) throw new HcSpecError(`${k} is not supported by upmon: keyword filtering of pings does not exist here`);
  }
  for (const k of ['start_kw', 'success_kw', 'failure_kw', 'subject', 'subject_fail'] as const) {
    if (spec[k]) throw new HcSpecError(`${k} is not supported by upmon: keyword filtering of pings does not exist here`);
  }
}

/** upmon slugs start with a letter or digit; Healthchecks also allows a leading '-' or '_'. */
function upmonSlug(requested: string, adjustments: Adjustment[]): string | null {
  if (requested === '') return null;
  if (UPMON_SLUG.test(requested)) return requested;
  const trimmed = requested.replace(/^[-_]+/, '');
  const stored = trimmed === '' ? null : trimmed;
  adjustments.push({ field: 'slug', requested, stored, reason: 'upmon slugs start with a letter or digit' });
  return stored;
}

function scheduleOf(spec: HcSpec, current: CheckSchedule | null): CheckSchedule {
  // Healthchecks: `schedule` takes precedence over `timeout`; neither keeps the current one.
  if (spec.schedule !== undefined) {
    return guessScheduleKind(spec.schedule) === 'cron' ? { kind: 'cron', cron: spec.schedule.trim() } : { kind: 'oncalendar', oncalendar: spec.schedule };
  }
  if (spec.timeout !== undefined) return { kind: 'period', periodSec: spec.timeout };
  return current ?? { kind: 'period', periodSec: HC_DEFAULT_TIMEOUT_SEC };
}

/** upmon: grace ≤ 30 days, and ≤ 10 periods for a period schedule (a longer grace hides missed runs). */
function graceLimit(schedule: CheckSchedule): { max: number; reason: string } {
  if (schedule.kind === 'period' && GRACE_PER_PERIOD * schedule.periodSec < GRACE_MAX_SEC) {
    return { max: GRACE_PER_PERIOD * schedule.periodSec, reason: 'upmon watches with a grace of at most 10 × the period' };
  }
  return { max: GRACE_MAX_SEC, reason: 'upmon watches with a grace of at most 30 days' };
}

/** The grace upmon watches with when `requested` is asked for on `schedule`. */
export function upmonGraceFor(requested: number, schedule: CheckSchedule): number {
  return Math.min(requested, graceLimit(schedule).max);
}

/**
 * The grace to report to a Healthchecks client: the one it asked for (`hcGraceSec`), as long as
 * the check is still watched with what upmon made of it; once the grace or the schedule changed
 * another way (/api/v1, the web app), the stored grace. Requests thus round-trip (Terraform's
 * plan stays empty) while upmon's rule applies to the watching.
 */
export function hcReportedGrace(c: { graceSec: number; hcGraceSec: number | null; schedule: CheckSchedule }): number {
  if (c.hcGraceSec !== null && c.hcGraceSec > c.graceSec && upmonGraceFor(c.hcGraceSec, c.schedule) === c.graceSec) return c.hcGraceSec;
  return c.graceSec;
}

export interface HcFieldsOptions {
  /** API version of the request: v2 derives the slug from the name (Healthchecks' rule before v3). */
  version: 2 | 3;
  /** The check's id: the name of a check without one (Healthchecks shows unnamed checks by UUID). */
  id: string;
}

/**
 * A Healthchecks create (current = null) or update body applied to a check, under upmon's rules:
 * absent fields keep the current values (create: Healthchecks' defaults), and where Healthchecks
 * would accept a value upmon refuses, the closest allowed value is stored and reported in
 * `adjustments` (a grace above upmon's limits is also kept as asked, `hcGraceSec`, to be reported
 * back). Keyword filters, which upmon lacks, throw HcSpecError.
 */
export function hcToCheckFields(spec: HcSpec, current: CheckFields | null, opts: HcFieldsOptions): { fields: CheckFields; adjustments: Adjustment[] } {
  refuseUnsupported(spec);
  const adjustments: Adjustment[] = [];

  let name = current?.name ?? opts.id;
  if (spec.name !== undefined) name = spec.name === '' ? opts.id : spec.name.slice(0, NAME_MAX);

  let slug = current?.slug ?? null;
  if (opts.version === 3 && spec.slug !== undefined) slug = upmonSlug(spec.slug, adjustments);
  if (opts.version === 2 && spec.name !== undefined) slug = upmonSlug(hcSlugify(spec.name), adjustments);

  let description = current?.description ?? null;
  if (spec.desc !== undefined) {
    description = spec.desc === '' ? null : spec.desc.slice(0, DESCRIPTION_MAX);
    if (spec.desc.length > DESCRIPTION_MAX) {
      adjustments.push({
        field: 'desc',
        requested: `${spec.desc.length} characters`,
        stored: `${DESCRIPTION_MAX} characters`,
        reason: 'upmon keeps descriptions of up to 10,000 characters',
      });
    }
  }

  let tags = current?.tags ?? [];
  if (spec.tags !== undefined) {
    const parsed = parseHcTags(spec.tags);
    tags = parsed.tags;
    if (parsed.adjusted) adjustments.push({ field: 'tags', requested: spec.tags, stored: tags.join(' '), reason: parsed.adjusted });
  }

  const tz = spec.tz ?? current?.tz ?? 'UTC';
  const schedule = scheduleOf(spec, current?.schedule ?? null);
  // A partial update keeps the grace the client asked for (not what upmon made of it) and
  // applies the rule again to the merged schedule.
  const requestedGrace = spec.grace ?? (current ? hcReportedGrace(current) : HC_DEFAULT_GRACE_SEC);
  const graceSec = upmonGraceFor(requestedGrace, schedule);
  if (graceSec < requestedGrace) {
    adjustments.push({ field: 'grace', requested: requestedGrace, stored: graceSec, reason: graceLimit(schedule).reason });
  }
  const hcGraceSec = graceSec < requestedGrace ? requestedGrace : null;
  const postOnly = spec.methods !== undefined ? spec.methods === 'POST' : (current?.postOnly ?? false);
  return { fields: { name, slug, description, tags, tz, graceSec, hcGraceSec, schedule, postOnly }, adjustments };
}
