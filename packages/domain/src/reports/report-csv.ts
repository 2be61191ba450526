import { isoTimestamp } from '../timestamps.js';
import type { Report } from './read-report.js';
import { reportMinutes, reportPercent } from './report-presenter.js';

/**
 * A cell of RFC 4180 CSV: quoted when it holds a comma, quote or line break. Text people typed
 * (check names) that a spreadsheet would run as a formula (= + - @ tab CR first) gets a leading
 * apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The report as CSV (docs/slos.md, "Reports"): one row per check, or one per incident. */
export function reportCsv(r: Report, rows: 'checks' | 'incidents'): string {
  const out: string[] = [];
  if (rows === 'incidents') {
    out.push(line(['check_id', 'check_name', 'started_at', 'ended_at', 'duration_minutes', 'counted_minutes', 'reason']));
    for (const c of r.checks)
      for (const i of c.incidents)
        out.push(
          line([
            c.id,
            c.name,
            isoTimestamp(new Date(i.start)),
            i.end === null ? null : isoTimestamp(new Date(i.end)),
            reportMinutes(i.durationMs),
            reportMinutes(i.countedMs),
            i.reason,
          ]),
        );
    return out.join('');
  }
  out.push(
    line([
      'check_id',
      'check_name',
      'availability_percent',
      'monitored_minutes',
      'down_minutes',
      'maintenance_minutes',
      'incidents',
      'p50_ms',
      'p95_ms',
      'p99_ms',
    ]),
  );
  for (const c of r.checks)
    out.push(
      line([
        c.id,
        c.name,
        reportPercent(c.availability),
        reportMinutes(c.monitoredMs),
        reportMinutes(c.downMs),
        reportMinutes(c.maintenanceMs),
        c.incidents.length,
        c.responseTimes?.p50 ?? null,
        c.responseTimes?.p95 ?? null,
        c.responseTimes?.p99 ?? null,
      ]),
    );
  return out.join('');
}

/** The download's file name: report-<subject>-<month or from>.csv, in safe characters. */
export function reportFileName(r: Report, rows: 'checks' | 'incidents'): string {
  const s = r.query.subject;
  const who = s.kind === 'check' ? `check-${s.checkId.slice(0, 8)}` : s.kind === 'tag' ? `tag-${s.tag}` : 'project';
  const when = r.query.month ?? new Date(r.query.range.from).toISOString().slice(0, 10);
  return `report-${who}-${when}${rows === 'incidents' ? '-incidents' : ''}.csv`.replace(/[^A-Za-z0-9._-]/g, '_');
}
