/**
 * A condition on a probe's result (docs/probe-checks.md, "Conditions"): every condition of a check
 * is evaluated on every probe, and each one that fails is named in the result.
 */
export const CONDITION_TYPES = ['status_code', 'json_body', 'header', 'response_time', 'certificate_days'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const OPERATORS = ['equals', 'not_equals', 'less_than', 'greater_than', 'contains', 'exists'] as const;
export type Operator = (typeof OPERATORS)[number];

/** Operators each type of condition accepts. */
export const OPERATORS_OF: Record<ConditionType, readonly Operator[]> = {
  status_code: ['equals', 'not_equals', 'less_than', 'greater_than'],
  json_body: OPERATORS,
  header: ['equals', 'not_equals', 'contains', 'exists'],
  response_time: ['less_than', 'greater_than'],
  certificate_days: ['less_than', 'greater_than'],
};

export type ConditionValue = string | number | boolean | null;

export interface Condition {
  type: ConditionType;
  operator: Operator;
  /** json_body: a JSON Pointer (`/data/status`) or a JSONPath of the supported subset (`$.data.status`). */
  path?: string;
  /** header: the header's name (case-insensitive). */
  name?: string;
  /** Absent for `exists`. */
  value?: ConditionValue;
}

/** Conditions per check, and the longest string value one may compare. */
export const MAX_CONDITIONS = 20;
export const MAX_CONDITION_VALUE_LENGTH = 1000;

/** Each operator in words (condition texts, form labels). */
export const OPERATOR_WORDS: Record<Operator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  less_than: 'less than',
  greater_than: 'greater than',
  contains: 'contains',
  exists: 'exists',
};

/** A value as a condition's text shows it (strings quoted, long ones cut). */
export function showValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

function subject(c: Condition): string {
  switch (c.type) {
    case 'status_code':
      return 'status code';
    case 'json_body':
      return `body ${c.path ?? ''}`;
    case 'header':
      return `header ${c.name ?? ''}`;
    case 'response_time':
      return 'response time';
    case 'certificate_days':
      return 'certificate days left';
  }
}

/** The condition in words: `body $.status equals "ok"`, `response time less than 500 ms`. */
export function describeCondition(c: Condition): string {
  const unit = c.type === 'response_time' ? ' ms' : '';
  const value = c.operator === 'exists' ? '' : ` ${typeof c.value === 'number' ? String(c.value) : showValue(c.value)}${unit}`;
  return `${subject(c)} ${OPERATOR_WORDS[c.operator]}${value}`;
}
