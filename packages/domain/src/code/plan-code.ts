import { ApiError, addFieldError, type FieldErrors } from '../errors.js';
import {
  checkCodeForm,
  CODE_KEY_PATTERN,
  diffForms,
  integrationCodeForm,
  prefixFieldErrors,
  secretPaths,
  type CodeForm,
  type CodeResourceType,
  type FieldChange,
} from './code-forms.js';
import type { LiveProject, LiveResource } from './code-project.js';

/** What the files describe: bodies by key, references by key, secrets already taken from the environment. */
export interface DesiredProject {
  checks: Record<string, Record<string, unknown>>;
  integrations: Record<string, Record<string, unknown>>;
}

export type CodeAction = 'create' | 'update' | 'delete' | 'unchanged' | 'unmanaged';

/** One resource's step: `unmanaged` is live, not in the files, and kept (no `prune`). */
export interface CodeChange {
  type: CodeResourceType;
  key: string;
  action: CodeAction;
  /** The live resource's entity tag (If-Match of the apply); absent for a create. */
  etag?: string;
  fields: FieldChange[];
}

const PLURAL = { check: 'checks', integration: 'integrations' } as const;

/** Validates every desired resource and its references to others (errors named `checks.<key>.<field>`). */
function desiredForms(desired: DesiredProject, live: LiveProject, errors: FieldErrors): { checks: Map<string, CodeForm>; integrations: Map<string, CodeForm> } {
  const forms = { checks: new Map<string, CodeForm>(), integrations: new Map<string, CodeForm>() };
  const build = (type: CodeResourceType, bodies: Record<string, Record<string, unknown>>, toForm: (b: Record<string, unknown>) => CodeForm) => {
    const plural = PLURAL[type];
    for (const [key, body] of Object.entries(bodies)) {
      if (!CODE_KEY_PATTERN.test(key))
        addFieldError(errors, `${plural}.${key}`, "key must be 1 to 100 characters of a-z, 0-9, '-' and '_', starting with a letter or digit");
      try {
        const form = toForm(body);
        const was = live[plural].get(key);
        if (was && was.form.kind !== form.kind)
          addFieldError(errors, `${plural}.${key}.kind`, `cannot change from ${String(was.form.kind)}; give the ${type} a new key instead`);
        forms[plural].set(key, form);
      } catch (err) {
        Object.assign(errors, prefixFieldErrors(`${plural}.${key}`, err));
      }
    }
  };
  build('integration', desired.integrations, integrationCodeForm);
  build('check', desired.checks, checkCodeForm);
  for (const [key, form] of forms.checks) {
    (form.depends_on as string[]).forEach((ref, i) => {
      if (!forms.checks.has(ref)) addFieldError(errors, `checks.${key}.depends_on.${i}`, `no check with key "${ref}" in the files`);
      else if (ref === key) addFieldError(errors, `checks.${key}.depends_on.${i}`, 'a check cannot depend on itself');
    });
    ((form.integrations as string[] | null) ?? []).forEach((ref, i) => {
      if (!forms.integrations.has(ref)) addFieldError(errors, `checks.${key}.integrations.${i}`, `no integration with key "${ref}" in the files`);
    });
  }
  return forms;
}

/** Checks ordered so each comes after those it depends on; a cycle is a field error. */
function dependencyOrder(checks: Map<string, CodeForm>, errors: FieldErrors): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (key: string, path: string[]) => {
    if (state.get(key) === 'done' || !checks.has(key)) return;
    if (state.get(key) === 'visiting') {
      addFieldError(errors, `checks.${key}.depends_on`, `forms a cycle: ${[...path.slice(path.indexOf(key)), key].join(' → ')}`);
      return;
    }
    state.set(key, 'visiting');
    for (const ref of checks.get(key)!.depends_on as string[]) visit(ref, [...path, key]);
    state.set(key, 'done');
    order.push(key);
  };
  for (const key of [...checks.keys()].sort()) visit(key, []);
  return order;
}

function change(type: CodeResourceType, key: string, was: LiveResource | undefined, form: CodeForm): CodeChange {
  const secrets = secretPaths(type, String(form.kind));
  if (!was) return { type, key, action: 'create', fields: diffForms(null, form, secrets) };
  const fields = diffForms(was.form, form, secrets);
  return { type, key, action: fields.length ? 'update' : 'unchanged', etag: was.etag, fields };
}

/**
 * The plan of an apply (docs/monitoring-as-code.md, "Plan"): each resource's step in the order the
 * apply takes them: integrations, then checks after those they depend on, then deletions (checks
 * first, whose references go with them). Live resources the files no longer name are deleted with
 * `prune`, else listed as `unmanaged` and kept. Throws ApiError 422 naming every bad field.
 */
export function planCode(live: LiveProject, desired: DesiredProject, prune: boolean): CodeChange[] {
  const errors: FieldErrors = {};
  const forms = desiredForms(desired, live, errors);
  const checkOrder = dependencyOrder(forms.checks, errors);
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  const changes: CodeChange[] = [
    ...[...forms.integrations.keys()].sort().map((key) => change('integration', key, live.integrations.get(key), forms.integrations.get(key)!)),
    ...checkOrder.map((key) => change('check', key, live.checks.get(key), forms.checks.get(key)!)),
  ];
  for (const type of ['check', 'integration'] as const) {
    for (const [key, was] of [...live[PLURAL[type]]].sort(([a], [b]) => a.localeCompare(b))) {
      if (forms[PLURAL[type]].has(key)) continue;
      changes.push({ type, key, action: prune ? 'delete' : 'unmanaged', etag: was.etag, fields: prune ? diffForms(was.form, null, was.secrets) : [] });
    }
  }
  return changes;
}
