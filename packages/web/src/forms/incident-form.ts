import { INCIDENT_IMPACTS, type StatusPageSettings } from '@upmon/domain';
import { field, type FormBody } from './form-values.js';

/** What an incident can name on a page: its checks (by id) and its named groups (by name), in page order. */
export interface IncidentComponentChoices {
  checks: { id: string; name: string }[];
  groups: string[];
}

/** Choices from the page's settings, check names from the project's. */
export function componentChoicesOf(page: StatusPageSettings, names: Map<string, string>): IncidentComponentChoices {
  return {
    checks: page.groups.flatMap((g) => g.checkIds.map((id) => ({ id, name: names.get(id) ?? id }))),
    groups: page.groups.map((g) => g.name).filter((n) => n !== ''),
  };
}

/** The form's field for a component's impact: `impact_check_<uuid>` or `impact_group_<index>` (names can hold anything). */
export const checkImpactField = (id: string) => `impact_check_${id}`;
export const groupImpactField = (index: number) => `impact_group_${index}`;

/**
 * The components chosen in a form (a blank select: not affected), in page order, as the API takes
 * them, and per component the form field it came from (to put the API's messages beside it).
 */
export function componentsOf(body: FormBody, choices: IncidentComponentChoices): { components: Record<string, string>[]; fieldNames: string[] } {
  const out: Record<string, string>[] = [];
  const fieldNames: string[] = [];
  const impactOf = (name: string) => {
    const v = field(body, name);
    // Anything else than a known impact is sent as is: the API's validation names it.
    return v === '' ? null : v;
  };
  choices.groups.forEach((group, i) => {
    const impact = impactOf(groupImpactField(i));
    if (impact !== null) {
      out.push({ group, impact });
      fieldNames.push(groupImpactField(i));
    }
  });
  for (const c of choices.checks) {
    const impact = impactOf(checkImpactField(c.id));
    if (impact !== null) {
      out.push({ check: c.id, impact });
      fieldNames.push(checkImpactField(c.id));
    }
  }
  return { components: out, fieldNames };
}

/** The API's messages about `components.<n>…` moved to the form field of component n. */
export function formComponentErrors(errors: Record<string, string[]>, fieldNames: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) {
    const m = /^components\.(\d+)/.exec(k);
    const target = m ? (fieldNames[Number(m[1])] ?? k) : k;
    out[target] = [...(out[target] ?? []), ...v];
  }
  return out;
}

/** The form's selects for stored components (groups first, as `componentsOf` sends them). */
export function impactValuesOf(components: readonly { check: string | null; group: string | null; impact: string }[], choices: IncidentComponentChoices) {
  const values: Record<string, string> = {};
  for (const c of components) {
    if (c.check !== null) values[checkImpactField(c.check)] = c.impact;
    else {
      const i = choices.groups.indexOf(c.group ?? '');
      if (i >= 0) values[groupImpactField(i)] = c.impact;
    }
  }
  return values;
}

export const IMPACT_OPTIONS = [
  { value: '', label: 'Not affected' },
  ...INCIDENT_IMPACTS.map((v) => ({ value: v, label: v.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) })),
];
