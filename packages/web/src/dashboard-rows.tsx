import { renderToString } from 'preact-render-to-string';
import type { CheckRow } from '@upmon/domain';
import { CheckTableRow } from './views/projects/check-row.js';

/** Rendered rows kept per api process (about 1 KB each): the oldest are dropped first. */
const MAX_ROWS = 50_000;

export type VersionedCheckRow = CheckRow & { projectId: string; version: string };

/**
 * The dashboard's table rows, each rendered by preact (so escaped like every page) and kept with
 * the row version it was rendered from (xmin:ctid, as the API's CheckListReader does: every UPDATE
 * writes a new version). A row is a function of its check alone, so a dashboard of 1,000 checks
 * renders only the rows that changed since the last view and joins the rest: rendering every row
 * each time was most of the page's server time. Exact, never stale.
 */
export class DashboardRows {
  private readonly cache = new Map<string, { version: string; html: string }>();

  html(rows: VersionedCheckRow[]): string {
    const parts: string[] = [];
    for (const row of rows) {
      let entry = this.cache.get(row.id);
      if (entry?.version !== row.version) {
        entry = { version: row.version, html: renderToString(<CheckTableRow c={row} />) };
        this.cache.delete(row.id);
        this.cache.set(row.id, entry);
        if (this.cache.size > MAX_ROWS) this.cache.delete(this.cache.keys().next().value as string);
      }
      parts.push(entry.html);
    }
    return parts.join('');
  }
}
