import { scheduleOf } from '@upmon/check-store';
import type { CheckRow } from '@upmon/domain';
import type { RowHistory } from '../../queries/dashboard-history.js';
import { scheduleInWords } from '../../schedule-words.js';
import { StatusBadge } from '../status-badge.js';
import { Time } from '../time.js';
import { RecentHistoryCell } from './recent-history-cell.js';

/** The maintenance window a check is under now. */
export interface RowMaintenance {
  name: string;
  end: Date;
}

/** One dashboard row: a function of the check's row, its maintenance, snooze and last 24 hours alone (see dashboard-rows.tsx). */
export function CheckTableRow({
  c,
  maintenance,
  snoozed,
  history,
}: {
  c: CheckRow & { projectId: string };
  maintenance: RowMaintenance | null;
  snoozed: boolean;
  history: RowHistory;
}) {
  // Kept small: a project's page may list thousands (no data-label here: the phone layout
  // labels this table's cells from CSS; tag links are relative to the dashboard).
  return (
    <tr data-check-id={c.id}>
      <td data-field="status">
        <StatusBadge status={c.status} />
      </td>
      <td>
        {/* Belongs to the bulk actions' form (shown, with these, to members who may change checks). */}
        <input type="checkbox" class="pick" name="check" value={c.id} form="bulk" aria-label={`Select ${c.name}`} />
        <a href={`/checks/${c.id}`} class="check-name">
          {c.name}
        </a>
        {c.kind === 'http' ? <span class="muted"> (HTTP)</span> : null}
        {c.acknowledged ? (
          <span class="ack-mark" title={`Acknowledged by ${c.acknowledged.by}`}>
            acknowledged
          </span>
        ) : null}
        {maintenance ? (
          <span class="ack-mark" title={`Maintenance “${maintenance.name}” until ${maintenance.end.toISOString().slice(0, 16).replace('T', ' ')} UTC`}>
            in maintenance
          </span>
        ) : null}
        {snoozed && c.snooze ? (
          <span
            class="ack-mark"
            title={`Snoozed by ${c.snooze.by} ${c.snooze.until === null ? 'until it recovers' : `until ${String(c.snooze.until).slice(0, 16).replace('T', ' ')} UTC`}: notifications muted`}
          >
            snoozed
          </span>
        ) : null}
        {c.tags.length ? (
          <div>
            {c.tags.map((t) => (
              <a class="tag" href={`?tag=${encodeURIComponent(t)}`}>
                {t}
              </a>
            ))}
          </div>
        ) : null}
      </td>
      <RecentHistoryCell history={history} />
      <td data-field="last_ping_at" data-relative="1">
        {c.lastPingAt ? <Time at={c.lastPingAt} relative /> : <span class="muted">—</span>}
      </td>
      <td data-field="next_deadline_at">{c.nextDeadlineAt ? <Time at={c.nextDeadlineAt} /> : <span class="muted">—</span>}</td>
      <td class="muted">{scheduleInWords(scheduleOf(c))}</td>
    </tr>
  );
}
