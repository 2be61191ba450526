import { mapSecrets, type CodeForm, type CodeResourceType } from './code-forms.js';
import type { LiveProject, LiveResource } from './code-project.js';

/** The project as files: resources by key, credentials as `${VAR}` references, and the variables they name. */
export interface ExportedProject {
  integrations: Record<string, CodeForm>;
  checks: Record<string, CodeForm>;
  /** Each environment variable the files refer to, and where (`integrations.pager.config.routing_key`). */
  env: { name: string; field: string }[];
}

/** Fields whose absence in a file means the same as the value given here (left out of exported files). */
const ABSENT_MEANS: Record<CodeResourceType, Record<string, unknown>> = {
  check: { slug: null, description: null, min_run_sec: null, quorum: null, integrations: null, depends_on: [], locations: [], tags: [] },
  integration: { tags: null, quiet_hours: null, reminders: null, escalate_after_min: 0, enabled: true },
};

/** `UPMON_<TYPE>_<KEY>_<FIELD>`: the variable an exported credential is read from. */
export function secretVariable(type: CodeResourceType, key: string, path: string): string {
  return `UPMON_${type}_${key}_${path}`.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

function exported(r: LiveResource, env: ExportedProject['env']): CodeForm {
  const plural = r.type === 'check' ? 'checks' : 'integrations';
  const form = mapSecrets(r.form, r.secrets, (path) => {
    const name = secretVariable(r.type, r.key, path);
    env.push({ name, field: `${plural}.${r.key}.${path}` });
    return `\${${name}}`;
  });
  const omit = ABSENT_MEANS[r.type];
  return Object.fromEntries(Object.entries(form).filter(([k, v]) => !(k in omit && JSON.stringify(omit[k]) === JSON.stringify(v))));
}

/** The live project as files that plan as unchanged once their variables hold the credentials (docs/monitoring-as-code.md, "Export"). */
export function exportCodeProject(live: LiveProject): ExportedProject {
  const env: ExportedProject['env'] = [];
  const byKey = (m: Map<string, LiveResource>) => Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)).map(([k, r]) => [k, exported(r, env)]));
  const integrations = byKey(live.integrations);
  const checks = byKey(live.checks);
  return { integrations, checks, env };
}
