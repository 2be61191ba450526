import { describeCondition, showValue, type Condition, type ConditionValue } from './condition.js';
import { parsePath, resolvePath } from './json-path.js';

/** What a probe observed that conditions can look at. Absent facts fail the conditions on them. */
export interface ConditionFacts {
  statusCode?: number | null;
  /** The response text; null when it was not read (`bodyMissing` says why). */
  body?: string | null;
  bodyMissing?: string;
  /** Response headers (node's shape: lower-case names). */
  headers?: Record<string, string | string[] | undefined> | null;
  responseTimeMs: number;
  certificateDaysLeft?: number | null;
}

export interface ConditionFailure {
  condition: Condition;
  /** `body $.status equals "ok" (was "down")` */
  text: string;
}

type Actual = { found: true; value: unknown } | { found: false; why: string };

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

function numberOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

/** Same JSON type: strict equality; two scalars of different types: their text (`"200"` equals 200). */
function equal(actual: unknown, value: ConditionValue | undefined): boolean {
  if (typeof actual === typeof value || actual === null || value === null) return actual === value;
  return isScalar(actual) && isScalar(value) && String(actual) === String(value);
}

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (v !== null && typeof v === 'object') return 'an object';
  return showValue(v);
}

/** Null when the condition holds, else why not (what was there). */
function judge(c: Condition, actual: Actual): string | null {
  if (!actual.found) return actual.why;
  const v = actual.value;
  switch (c.operator) {
    case 'exists':
      return null;
    case 'equals':
      return equal(v, c.value) ? null : `was ${kindOf(v)}`;
    case 'not_equals':
      return equal(v, c.value) ? `was ${kindOf(v)}` : null;
    case 'less_than':
    case 'greater_than': {
      const n = numberOf(v);
      const limit = numberOf(c.value);
      if (n === null) return `was ${kindOf(v)}, not a number`;
      if (limit === null) return 'the condition has no number to compare with';
      const holds = c.operator === 'less_than' ? n < limit : n > limit;
      return holds ? null : `was ${typeof v === 'number' ? String(v) : showValue(v)}`;
    }
    case 'contains':
      if (typeof v === 'string') return v.includes(String(c.value)) ? null : `was ${kindOf(v)}`;
      if (Array.isArray(v)) return v.some((item) => equal(item, c.value)) ? null : `was ${kindOf(v)}`;
      return `was ${kindOf(v)}, neither text nor a list`;
  }
}

/** The body parsed once for every JSON condition of a probe. */
type ParsedBody = { ok: true; doc: unknown } | { ok: false; why: string };

function parseBody(facts: ConditionFacts): ParsedBody {
  if (facts.body === null || facts.body === undefined) return { ok: false, why: `no body read${facts.bodyMissing ? `: ${facts.bodyMissing}` : ''}` };
  try {
    return { ok: true, doc: JSON.parse(facts.body) };
  } catch (err) {
    return { ok: false, why: `body is not JSON: ${String((err as Error).message).slice(0, 120)}` };
  }
}

function headerValue(headers: ConditionFacts['headers'], name: string): Actual {
  if (!headers) return { found: false, why: 'no response headers' };
  const raw = headers[name.toLowerCase()];
  if (raw === undefined) return { found: false, why: 'not present' };
  return { found: true, value: Array.isArray(raw) ? raw.join(', ') : raw };
}

function actualOf(c: Condition, facts: ConditionFacts, body: () => ParsedBody): Actual {
  switch (c.type) {
    case 'status_code':
      return typeof facts.statusCode === 'number' ? { found: true, value: facts.statusCode } : { found: false, why: 'no status code' };
    case 'response_time':
      return { found: true, value: facts.responseTimeMs };
    case 'certificate_days':
      return typeof facts.certificateDaysLeft === 'number' ? { found: true, value: facts.certificateDaysLeft } : { found: false, why: 'no certificate' };
    case 'header':
      return headerValue(facts.headers, c.name ?? '');
    case 'json_body': {
      const parsed = body();
      if (!parsed.ok) return { found: false, why: parsed.why };
      let found;
      try {
        found = resolvePath(parsed.doc, parsePath(c.path ?? ''));
      } catch (err) {
        return { found: false, why: `bad path: ${(err as Error).message}` };
      }
      return found.found ? found : { found: false, why: 'not found' };
    }
  }
}

/**
 * Evaluates every condition on what the probe observed; returns those that failed, in their
 * order, each with what was there instead. The body is parsed (at most once) only when a JSON
 * condition needs it; its size is bounded by the probe that read it.
 */
export function evaluateConditions(conditions: readonly Condition[], facts: ConditionFacts): ConditionFailure[] {
  let parsed: ParsedBody | null = null;
  const body = () => (parsed ??= parseBody(facts));
  const failures: ConditionFailure[] = [];
  for (const c of conditions) {
    const why = judge(c, actualOf(c, facts, body));
    if (why !== null) failures.push({ condition: c, text: `${describeCondition(c)} (${why})` });
  }
  return failures;
}

/** The failures as one line for the ping body: `2 conditions failed: a (…); b (…)`. */
export function failuresInWords(failures: readonly ConditionFailure[]): string {
  if (failures.length === 0) return '';
  const head = failures.length === 1 ? 'condition failed' : `${failures.length} conditions failed`;
  return `${head}: ${failures.map((f) => f.text).join('; ')}`;
}
