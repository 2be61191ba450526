import type { PlannedChange } from './api-client.js';

const SIGN = { create: '+', update: '~', delete: '-', unchanged: ' ', unmanaged: '?' } as const;
const show = (v: unknown) => (v === undefined ? '(not set)' : JSON.stringify(v));

/** Whether a plan would write anything. */
export const hasChanges = (plan: readonly PlannedChange[]) => plan.some((c) => c.action === 'create' || c.action === 'update' || c.action === 'delete');

/** A plan as people read it in a terminal or a pull request: one block per resource that changes, a field per line. */
export function renderPlan(plan: readonly PlannedChange[]): string {
  const out: string[] = [];
  for (const c of plan) {
    if (c.action === 'unchanged') continue;
    if (c.action === 'unmanaged') {
      out.push(`? ${c.type} ${c.key}: live but not in the files (kept; apply --prune deletes it)`);
      continue;
    }
    out.push(`${SIGN[c.action]} ${c.type} ${c.key} (${c.action})`);
    for (const f of c.fields) {
      if (f.secret) out.push(`    ${f.field}: (secret ${c.action === 'create' ? 'set' : 'changed'})`);
      else if (c.action === 'create') {
        if (f.to !== null) out.push(`    ${f.field}: ${show(f.to)}`);
      } else if (c.action === 'update') out.push(`    ${f.field}: ${show(f.from)} → ${show(f.to)}`);
    }
  }
  const count = (a: PlannedChange['action']) => plan.filter((c) => c.action === a).length;
  out.push(
    hasChanges(plan)
      ? `Plan: ${count('create')} to create, ${count('update')} to update, ${count('delete')} to delete, ${count('unchanged')} unchanged.`
      : `No changes: ${count('unchanged')} resources as in the files.`,
  );
  return `${out.join('\n')}\n`;
}

/** Drift: how what is live differs from the files, field by field (the plan read the other way round). */
export function renderDrift(plan: readonly PlannedChange[]): string {
  const out: string[] = [];
  for (const c of plan) {
    if (c.action === 'create') out.push(`${c.type} ${c.key}: in the files, not live`);
    if (c.action === 'unmanaged' || c.action === 'delete') out.push(`${c.type} ${c.key}: live, not in the files`);
    if (c.action !== 'update') continue;
    out.push(`${c.type} ${c.key}: drifted`);
    for (const f of c.fields) out.push(f.secret ? `    ${f.field}: live differs (secret)` : `    ${f.field}: live ${show(f.from)}, files ${show(f.to)}`);
  }
  out.push(out.length === 0 ? 'No drift: what is live is as in the files.' : `Drift in ${plan.filter((c) => c.action !== 'unchanged').length} resources.`);
  return `${out.join('\n')}\n`;
}
