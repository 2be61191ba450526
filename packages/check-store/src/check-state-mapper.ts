import type { CheckState, Schedule } from '@upmon/core';
import type { Check } from '@upmon/db';

export function scheduleOf(row: Pick<Check, 'scheduleKind' | 'periodSec' | 'cron' | 'oncalendar' | 'tz'>): Schedule {
  switch (row.scheduleKind) {
    case 'period':
      return { kind: 'period', periodSec: row.periodSec ?? 0, tz: row.tz };
    case 'cron':
      return { kind: 'cron', cron: row.cron ?? '', tz: row.tz };
    case 'oncalendar':
      return { kind: 'oncalendar', oncalendar: row.oncalendar ?? '', tz: row.tz };
  }
}

/** http_config.confirmations (default 2) for http checks; 1 for heartbeats. */
export function confirmationsOf(row: Pick<Check, 'kind' | 'httpConfig'>): number {
  if (row.kind !== 'http') return 1;
  const c = (row.httpConfig as { confirmations?: unknown } | null)?.confirmations;
  return typeof c === 'number' && c >= 1 ? c : 2;
}

export function checkRowToState(row: Check): CheckState {
  return {
    kind: row.kind,
    status: row.status,
    schedule: scheduleOf(row),
    graceSec: row.graceSec,
    lastPingAt: row.lastPingAt,
    lastStartAt: row.lastStartAt,
    lastStartRid: row.lastStartRid,
    lastDurationMs: row.lastDurationMs,
    resumedAt: row.resumedAt,
    nextDeadlineAt: row.nextDeadlineAt,
    failureCount: row.failureCount,
    confirmations: confirmationsOf(row),
  };
}

/** The columns a transition may change. */
export function stateToCheckColumns(s: CheckState) {
  return {
    status: s.status,
    lastPingAt: s.lastPingAt,
    lastStartAt: s.lastStartAt,
    lastStartRid: s.lastStartRid,
    lastDurationMs: s.lastDurationMs,
    resumedAt: s.resumedAt,
    nextDeadlineAt: s.nextDeadlineAt,
    failureCount: s.failureCount,
  };
}
