import { isProbedKind, type CheckState, type Schedule } from '@upmon/core';
import type { Check } from '@upmon/db';
import { probeSettingsOf } from './probe-columns.js';

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

/** Failures in a row that make a check down: the probe config's confirmations (default 2) for probed kinds; 1 for heartbeats. */
export function confirmationsOf(kind: Check['kind'], configured: unknown): number {
  if (!isProbedKind(kind)) return 1;
  return typeof configured === 'number' && configured >= 1 ? configured : 2;
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
    confirmations: confirmationsOf(row.kind, (probeSettingsOf(row) as { confirmations?: unknown } | null)?.confirmations),
    minRunSec: row.minRunSec,
  };
}
