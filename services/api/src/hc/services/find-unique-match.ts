import { hcReportedGrace, hcTagsText, parseHcTags, type HcSpec } from '@upmon/healthchecks';
import { storedCheckFields } from './check-fields-io.js';
import type { HcCheckRow } from '../queries/hc-check-reads.js';

/**
 * Healthchecks' upsert lookup (`unique`): the first check (in creation order) whose fields named
 * in `unique` equal the request's; null when `unique` is empty or names a field the request does
 * not give. Tags are compared as upmon stores them (normalised) and the grace as reported (the
 * one asked for), so a request upmon adjusted still finds the check it created before.
 */
export function findUniqueMatch(checks: HcCheckRow[], spec: HcSpec): HcCheckRow | null {
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
            return hcReportedGrace(storedCheckFields(c)) === spec.grace;
        }
      }),
    ) ?? null
  );
}
