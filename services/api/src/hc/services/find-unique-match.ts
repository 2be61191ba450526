import { hcTagsText, parseHcTags, type HcSpec } from '@upmon/healthchecks';
import type { HcCheckRow } from '../queries/hc-check-reads.js';

/**
 * Healthchecks' upsert lookup (`unique`): the first check (in creation order) whose fields named
 * in `unique` equal the request's; null when `unique` is empty or names a field the request does
 * not give. Values are compared as upmon stores them (tags normalised; grace as a create would
 * store it, `graceIfCreated`), so a request upmon adjusted still finds the check it created before.
 */
export function findUniqueMatch(checks: HcCheckRow[], spec: HcSpec, graceIfCreated: number): HcCheckRow | null {
  const unique = spec.unique ?? [];
  if (unique.length === 0 || unique.some((f) => spec[f] === undefined)) return null;
  return (
    checks.find((c) =>
      unique.every((f) => {
        switch (f) {
          case 'name':
            return c.name === spec.name;
          case 'slug':
            return (c.slug ?? '') === spec.slug;
          case 'tags':
            return hcTagsText(c.tags) === hcTagsText(parseHcTags(spec.tags as string).tags);
          case 'timeout':
            return c.schedule_kind === 'period' && c.period_sec === spec.timeout;
          case 'grace':
            return c.grace_sec === graceIfCreated;
        }
      }),
    ) ?? null
  );
}
