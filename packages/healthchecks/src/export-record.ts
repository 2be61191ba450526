import { hcToCheckFields, type Adjustment, type CheckFields } from './check-fields.js';
import { HcSpecError, parseHcSpec } from './spec.js';

/** One check of a Healthchecks export, as upmon will create it. */
export interface ImportedCheck {
  id: string;
  fields: CheckFields;
  paused: boolean;
  /** Healthchecks' ping counter, continued by upmon. */
  nPings: number;
  adjustments: Adjustment[];
}

export type ExportRecordResult = { ok: true; check: ImportedCheck } | { ok: false; id: string | null; name: string | null; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The check's UUID: its `uuid` field, else the last segment of its ping or update URL. */
function uuidOf(c: Record<string, unknown>): string | null {
  for (const v of [c.uuid, c.ping_url, c.update_url]) {
    if (typeof v !== 'string') continue;
    const last = v.slice(-36);
    if (UUID.test(last)) return last.toLowerCase();
  }
  return null;
}

const FILTER_FIELDS = ['filter_subject', 'filter_body', 'filter_http_body', 'filter_default_fail'] as const;
const KEYWORD_FIELDS = ['start_kw', 'success_kw', 'failure_kw', 'subject', 'subject_fail'] as const;

/**
 * One element of `checks` in Healthchecks' `GET /api/v3/checks/` answer (read-write key) →
 * the check upmon creates. Settings upmon does not have are dropped and reported as adjustments
 * rather than failing the import (keyword filters, auto-resume on ping); a
 * check that cannot be represented at all (no UUID, a schedule upmon cannot evaluate) is refused
 * with the reason.
 */
export function hcExportRecordToCheck(c: unknown): ExportRecordResult {
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return { ok: false, id: null, name: null, reason: 'not a JSON object' };
  const rec = c as Record<string, unknown>;
  const id = uuidOf(rec);
  const name = typeof rec.name === 'string' ? rec.name : null;
  if (!id) {
    const hint = typeof rec.unique_key === 'string' ? ' (exported with a read-only key: export with a read-write key)' : '';
    return { ok: false, id: null, name, reason: `no uuid, ping_url or update_url${hint}` };
  }
  const adjustments: Adjustment[] = [];
  const spec: Record<string, unknown> = {};
  for (const k of ['name', 'slug', 'tags', 'desc', 'grace', 'methods']) spec[k] = rec[k];
  if (typeof rec.schedule === 'string') {
    spec.schedule = rec.schedule;
    spec.tz = rec.tz;
  } else {
    spec.timeout = rec.timeout;
    if (typeof rec.tz === 'string') spec.tz = rec.tz;
  }
  const filters = FILTER_FIELDS.filter((k) => rec[k] === true);
  const keywords = KEYWORD_FIELDS.filter((k) => typeof rec[k] === 'string' && rec[k] !== '');
  if (filters.length > 0 || keywords.length > 0) {
    adjustments.push({
      field: [...filters, ...keywords].join(','),
      requested: 'keyword filtering',
      stored: 'none',
      reason: 'upmon has no keyword filtering: every ping counts by its URL',
    });
  }
  const paused = rec.status === 'paused';
  if (paused && rec.manual_resume !== true) {
    adjustments.push({ field: 'manual_resume', requested: false, stored: true, reason: 'upmon keeps a paused check paused until it is resumed' });
  }
  try {
    const { fields, adjustments: more } = hcToCheckFields(parseHcSpec(spec), null, { version: 3, id });
    const nPings = typeof rec.n_pings === 'number' && Number.isInteger(rec.n_pings) && rec.n_pings >= 0 ? Math.min(rec.n_pings, 2_147_483_647) : 0;
    return { ok: true, check: { id, fields, paused, nPings, adjustments: [...adjustments, ...more] } };
  } catch (err) {
    if (err instanceof HcSpecError) return { ok: false, id, name, reason: err.message };
    throw err;
  }
}
