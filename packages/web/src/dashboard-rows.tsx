import { renderToString } from 'preact-render-to-string';
import type { CheckRow } from '@upmon/domain';
import type { RowHistory } from './queries/dashboard-history.js';
import { CheckTableRow, type RowMaintenance } from './views/projects/check-row.js';
import { uptimeText } from './views/checks/availability-panel.js';

/** Rendered rows kept per api process (about 1 KB each): the oldest are dropped first. */
const MAX_ROWS = 50_000;

export type VersionedCheckRow = CheckRow & { projectId: string; version: string };

/** A dashboard row: the check and the maintenance it is under now, if any. */
export interface DashboardRow {
  check: VersionedCheckRow;
  maintenance: RowMaintenance | null;
  /** Its snooze is in force now (a timed snooze ends without a change of the row). */
  snoozed: boolean;
  /** Its last 24 hours (they move with time, not with the row). */
  history: RowHistory;
}

/** A row's last 24 hours as a short key: what its rendering depends on. */
const historyKey = (h: RowHistory) => `${uptimeText(h.uptime)}|${h.slots.join('')}|${h.responseMs?.join(',') ?? ''}`;

/**
 * The dashboard's table rows, each rendered by preact (so escaped like every page) and kept with
 * the row version it was rendered from (xmin:ctid, as the API's CheckListReader does: every UPDATE
 * writes a new version), its acknowledgement, its maintenance, whether its snooze is in force and its last 24 hours (none is in the check's row alone).
 * A row is a function of those alone, so a dashboard of 1,000 checks
 * renders only the rows that changed since the last view and joins the rest: rendering every row
 * each time was most of the page's server time. Exact, never stale.
 */
export class DashboardRows {
  private readonly cache = new Map<string, { version: string; html: string }>();

  html(rows: DashboardRow[]): string {
    const parts: string[] = [];
    for (const { check, maintenance, snoozed, history } of rows) {
      const version = `${check.version}|${check.acknowledged?.at ?? ''}|${maintenance ? `${maintenance.name}|${maintenance.end.getTime()}` : ''}|${snoozed ? 's' : ''}|${historyKey(history)}`;
      let entry = this.cache.get(check.id);
      if (entry?.version !== version) {
        entry = { version, html: renderToString(<CheckTableRow c={check} maintenance={maintenance} snoozed={snoozed} history={history} />) };
        this.cache.delete(check.id);
        this.cache.set(check.id, entry);
        if (this.cache.size > MAX_ROWS) this.cache.delete(this.cache.keys().next().value as string);
      }
      parts.push(entry.html);
    }
    return parts.join('');
  }
}
