import { scheduleOf } from '@upmon/check-store';
import type { CheckFields } from '@upmon/healthchecks';
import type { HcCheckRow } from '../queries/hc-check-reads.js';

/** A stored check as the Healthchecks mapping sees it. */
export function storedCheckFields(row: HcCheckRow): CheckFields {
  const { tz: _tz, ...schedule } = scheduleOf({
    scheduleKind: row.schedule_kind,
    periodSec: row.period_sec,
    cron: row.cron,
    oncalendar: row.oncalendar,
    tz: row.tz,
  });
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    tags: row.tags,
    tz: row.tz,
    graceSec: row.grace_sec,
    hcGraceSec: row.hc_grace_sec,
    schedule,
    postOnly: row.post_only,
  };
}

/** Mapped fields → a /api/v1 check body, so the v1 validation and services apply unchanged. */
export function v1CheckBody(f: CheckFields): Record<string, unknown> {
  const s = f.schedule;
  return {
    name: f.name,
    description: f.description,
    tags: f.tags,
    tz: f.tz,
    grace_sec: f.graceSec,
    schedule:
      s.kind === 'period'
        ? { kind: 'period', period_sec: s.periodSec }
        : s.kind === 'cron'
          ? { kind: 'cron', cron: s.cron }
          : { kind: 'oncalendar', oncalendar: s.oncalendar },
  };
}
