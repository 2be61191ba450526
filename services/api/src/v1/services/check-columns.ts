import type { Prisma } from '@upmon/db';
import type { CheckInput } from '../validation/check-input.js';

/** Validated input → the checks columns it sets (everything but kind/slug, which only create sets). */
export function checkInputColumns(input: CheckInput) {
  const s = input.schedule;
  return {
    name: input.name,
    description: input.description ?? null,
    tags: input.tags,
    tz: input.tz,
    graceSec: input.grace_sec,
    scheduleKind: s.kind,
    periodSec: s.kind === 'period' ? (s.period_sec as number) : null,
    cron: s.kind === 'cron' ? (s.cron as string) : null,
    oncalendar: s.kind === 'oncalendar' ? (s.oncalendar as string) : null,
    httpConfig: input.kind === 'http' ? (input.http_config as Prisma.InputJsonValue) : undefined,
  };
}
