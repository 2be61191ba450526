import { scheduleOf } from '@upmon/check-store';
import type { Check } from '@upmon/db';
import { apiTimestamp, apiTimestampOrNull, type ApiTimestamp } from '../timestamps.js';
import type { CheckResponse, ScheduleResponse } from './check-response-schema.js';

/** The acknowledgement of a down check's episode, as the check reads give it. */
export interface AcknowledgedJson {
  by: string;
  at: ApiTimestamp;
  via: string;
}

/** A check's snooze as the check reads give it (check-reads' SQL): until null = until it recovers. */
export interface SnoozeJson {
  at: ApiTimestamp;
  until: ApiTimestamp | null;
  by: string;
}

/** True while the snooze mutes the check's notifications at `now` (a timed one is kept after its end). */
export function snoozeInForce(snooze: SnoozeJson | null | undefined, now: Date): snooze is SnoozeJson {
  return !!snooze && (snooze.until === null || Date.parse(String(snooze.until)) > now.getTime());
}

/** The columns a Check response needs (http_config is never returned). */
export type CheckRow = Omit<CheckColumns, 'lastPingAt' | 'nextDeadlineAt' | 'createdAt'> & {
  lastPingAt: ApiTimestamp | null;
  nextDeadlineAt: ApiTimestamp | null;
  createdAt: ApiTimestamp;
  /**
   * The current episode's acknowledgement (check-reads' SQL). Absent from rows Prisma returned by
   * create, pause and resume: a check that is not down has none.
   */
  acknowledged?: AcknowledgedJson | null;
  /** The check's snooze (check-reads' SQL); absent from rows Prisma returned (create, pause, resume). */
  snooze?: SnoozeJson | null;
};

type CheckColumns = Pick<
  Check,
  | 'id'
  | 'kind'
  | 'name'
  | 'slug'
  | 'description'
  | 'tags'
  | 'tz'
  | 'scheduleKind'
  | 'periodSec'
  | 'cron'
  | 'oncalendar'
  | 'graceSec'
  | 'minRunSec'
  | 'dependsOn'
  | 'locations'
  | 'quorum'
  | 'status'
  | 'lastPingAt'
  | 'lastDurationMs'
  | 'nextDeadlineAt'
  | 'createdAt'
>;

export const CHECK_ROW_SELECT = {
  id: true,
  kind: true,
  name: true,
  slug: true,
  description: true,
  tags: true,
  tz: true,
  scheduleKind: true,
  periodSec: true,
  cron: true,
  oncalendar: true,
  graceSec: true,
  minRunSec: true,
  dependsOn: true,
  locations: true,
  quorum: true,
  status: true,
  lastPingAt: true,
  lastDurationMs: true,
  nextDeadlineAt: true,
  createdAt: true,
} as const;

/** A stored check's schedule (check-store's `scheduleOf`, the one reading of a row) in the API's shape. */
export function presentSchedule(row: Pick<Check, 'scheduleKind' | 'periodSec' | 'cron' | 'oncalendar' | 'tz'>): ScheduleResponse {
  const s = scheduleOf(row);
  switch (s.kind) {
    case 'period':
      return { kind: 'period' as const, period_sec: s.periodSec, tz: s.tz };
    case 'cron':
      return { kind: 'cron' as const, cron: s.cron, tz: s.tz };
    case 'oncalendar':
      return { kind: 'oncalendar' as const, oncalendar: s.oncalendar, tz: s.tz };
  }
}

/** Builds Check responses; `pingDomains` come from config (one ping URL per domain). */
export function checkPresenter(pingDomains: string[]) {
  return (row: CheckRow): CheckResponse => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    slug: row.slug,
    description: row.description,
    tags: row.tags,
    schedule: presentSchedule(row),
    grace_sec: row.graceSec,
    min_run_sec: row.minRunSec,
    depends_on: row.dependsOn ?? [],
    locations: row.locations ?? [],
    quorum: row.quorum,
    tz: row.tz,
    status: row.status,
    last_ping_at: apiTimestampOrNull(row.lastPingAt),
    last_duration_ms: row.lastDurationMs,
    next_deadline_at: apiTimestampOrNull(row.nextDeadlineAt),
    ping_urls: pingDomains.map((d) => `${d}/${row.id}`),
    created_at: apiTimestamp(row.createdAt),
    acknowledged: row.acknowledged ? { by: row.acknowledged.by, at: apiTimestamp(row.acknowledged.at), via: row.acknowledged.via } : null,
    snooze: row.snooze ? { at: apiTimestamp(row.snooze.at), until: apiTimestampOrNull(row.snooze.until), by: row.snooze.by } : null,
  });
}
