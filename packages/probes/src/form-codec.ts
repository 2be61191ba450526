import type { Condition } from './conditions/condition.js';
import type { FormField, ProbeKindDefinition } from './probe-kind.js';

/** Condition rows a form offers (empty rows are ignored). */
export const FORM_CONDITION_ROWS = 5;

/** The form's values: `<kind>_config.<field>` → the text the input holds (checkboxes '1' or ''). */
export type ProbeFormValues = Record<string, string>;

const lines = (text: string) =>
  text
    .split(/\r?\n|,/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = target;
  for (const p of parts.slice(0, -1)) cur = (cur[p] ??= {}) as Record<string, unknown>;
  cur[parts[parts.length - 1] as string] = value;
}

function getPath(source: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((cur, p) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[p] : undefined), source);
}

/** A number as typed (the API says "must be a number" next to anything else). */
const numberOrText = (text: string): number | string => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text);

/** A condition's value as typed: JSON scalars (42, true, null, "quoted") as such, anything else as text. */
function conditionValue(text: string, type: string): unknown {
  if (type !== 'json_body' && type !== 'header') return numberOrText(text);
  if (type === 'header') return text;
  try {
    const v = JSON.parse(text) as unknown;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return v;
  } catch {
    // not JSON: the text itself
  }
  return text;
}

/** The condition rows of a form (`<prefix>.conditions.<i>.<part>`), empty rows left out. */
export function conditionsFromForm(prefix: string, get: (name: string) => string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < FORM_CONDITION_ROWS; i++) {
    const at = (f: string) => get(`${prefix}.conditions.${i}.${f}`).trim();
    const type = at('type');
    if (type === '') continue;
    const c: Record<string, unknown> = { type, operator: at('operator') };
    if (type === 'json_body') c.path = at('path');
    if (type === 'header') c.name = at('path');
    const value = get(`${prefix}.conditions.${i}.value`);
    if (c.operator !== 'exists') c.value = conditionValue(value, type);
    out.push(c);
  }
  return out;
}

function headersFromText(text: string, name: string, errors: Record<string, string[]>): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  const rows = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  rows.forEach((line, i) => {
    const colon = line.indexOf(':');
    if (colon <= 0) (errors[name] ??= []).push(`line ${i + 1} must be "Name: value"`);
    else headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  });
  return rows.length ? headers : undefined;
}

/**
 * A kind's form values → its config as the API takes it (empty optional fields left out), so the
 * API's own validation decides and words every problem. `errors`: what the form itself cannot
 * read (a header line without a colon).
 */
export function configFromForm(
  definition: ProbeKindDefinition,
  get: (name: string) => string,
): { config: Record<string, unknown>; errors: Record<string, string[]> } {
  const prefix = definition.configField;
  const config: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const f of definition.formFields) {
    const name = `${prefix}.${f.name}`;
    const raw = get(name);
    let value: unknown;
    switch (f.type) {
      case 'checkbox':
        value = raw !== '';
        break;
      case 'number':
        value = raw.trim() === '' ? undefined : numberOrText(raw);
        break;
      case 'list':
        value = raw.trim() === '' ? undefined : lines(raw);
        break;
      case 'headers':
        value = headersFromText(raw, name, errors);
        break;
      case 'conditions':
        value = conditionsFromForm(prefix, get);
        break;
      case 'password':
      case 'textarea':
        // Sent as typed: spaces and line breaks may be the point (bytes to send).
        value = raw === '' ? undefined : raw.replace(/\r\n/g, '\n');
        break;
      default:
        value = raw.trim() === '' ? undefined : raw.trim();
    }
    if (f.showWhen && get(`${prefix}.${f.showWhen}`) === '') value = undefined;
    if (value !== undefined) setPath(config, f.name, value);
  }
  return { config, errors };
}

function textOf(f: FormField, value: unknown): string {
  if (value === undefined || value === null) return '';
  switch (f.type) {
    case 'checkbox':
      return value === true ? '1' : '';
    case 'list':
      return Array.isArray(value) ? value.join('\n') : '';
    case 'headers':
      return Object.entries(value as Record<string, string>)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
    default:
      return String(value);
  }
}

/** Stored conditions → the form's condition rows. */
export function conditionRowsOf(prefix: string, stored: unknown): ProbeFormValues {
  const conditions = (Array.isArray(stored) ? stored : []) as Condition[];
  const values: ProbeFormValues = {};
  for (let i = 0; i < FORM_CONDITION_ROWS; i++) {
    const c = conditions[i];
    const at = `${prefix}.conditions.${i}`;
    values[`${at}.type`] = c?.type ?? '';
    values[`${at}.operator`] = c?.operator ?? '';
    values[`${at}.path`] = c?.path ?? c?.name ?? '';
    // A JSON text value that would read back as another type (42, true, "x") is shown quoted.
    const ambiguous = typeof c?.value === 'string' && c.type === 'json_body' && /^(-?\d|true$|false$|null$|")/.test(c.value);
    values[`${at}.value`] = c && c.value !== undefined ? (ambiguous ? JSON.stringify(c.value) : String(c.value)) : '';
  }
  return values;
}

/** A stored (or defaulted) config → the form's values. */
export function formFromConfig(definition: ProbeKindDefinition, config: Record<string, unknown>): ProbeFormValues {
  const prefix = definition.configField;
  const values: ProbeFormValues = {};
  for (const f of definition.formFields) {
    if (f.type === 'conditions') Object.assign(values, conditionRowsOf(prefix, config.conditions));
    else values[`${prefix}.${f.name}`] = textOf(f, getPath(config, f.name));
  }
  return values;
}

/** Every input name of the kind's form (for the form's problem list), conditions' rows included. */
export function formFieldNames(definition: ProbeKindDefinition): string[] {
  const prefix = definition.configField;
  return definition.formFields.flatMap((f) =>
    f.type === 'conditions'
      ? [
          `${prefix}.conditions`,
          ...Array.from({ length: FORM_CONDITION_ROWS }, (_, i) =>
            ['type', 'operator', 'path', 'name', 'value'].map((x) => `${prefix}.conditions.${i}.${x}`),
          ).flat(),
        ]
      : [`${prefix}.${f.name}`],
  );
}
