import type { Description } from 'joi';

type Desc = Description & {
  keys?: Record<string, Desc>;
  patterns?: { schema?: Desc; rule?: Desc }[];
  items?: Desc[];
  whens?: { then?: Desc; otherwise?: Desc; switch?: { then?: Desc; otherwise?: Desc }[] }[];
  allow?: unknown[];
  rules?: { name: string }[];
};

/**
 * Paths of the string and array schemas in `schema.describe()` that have no `max` (values
 * restricted by `valid()` need none): the inputs that could reach a pattern or parser unbounded.
 * Tests assert it is empty for every schema of user input.
 */
export function unboundedPaths(description: Description): string[] {
  const out: string[] = [];
  const walk = (desc: Desc | undefined, path: string) => {
    if (!desc || typeof desc !== 'object') return;
    const onlyValid = (desc.flags as { only?: boolean } | undefined)?.only === true && Array.isArray(desc.allow);
    if ((desc.type === 'string' || desc.type === 'array') && !onlyValid && !(desc.rules ?? []).some((r) => r.name === 'max')) out.push(path || '(root)');
    for (const [k, v] of Object.entries(desc.keys ?? {})) walk(v, path ? `${path}.${k}` : k);
    for (const p of desc.patterns ?? []) {
      walk(p.schema, `${path}.<key>`);
      walk(p.rule, `${path}.<value>`);
    }
    for (const item of desc.items ?? []) walk(item, `${path}[]`);
    for (const w of desc.whens ?? []) {
      walk(w.then, path);
      walk(w.otherwise, path);
      for (const sw of w.switch ?? []) {
        walk(sw.then, path);
        walk(sw.otherwise, path);
      }
    }
  };
  walk(description as Desc, '');
  return out;
}
