import type pg from 'pg';
import type { CheckRow } from '../presenters/check-presenter.js';
import { checkColumns } from './check-reads.js';

/** Fragments kept per api process (about 0.5 KB each): older ones are dropped first. */
const MAX_CACHED_CHECKS = 50_000;

/** A row version: xmin (the writing transaction) and ctid (where the tuple lives). */
const ROW_VERSION = `c.xmin::text || ':' || c.ctid::text`;

interface Fragment {
  version: string;
  json: string;
}

/**
 * GET /checks as JSON text, with each check's JSON kept between requests and reused while its
 * row is unchanged. A Check response is a function of its row alone (ping URLs come from config),
 * and every UPDATE of a row writes a new tuple with a new (xmin, ctid): so the list first reads
 * only ids and row versions, then the full columns of the rows whose version it has not
 * presented yet (none when nothing changed). Decoding and serializing all 100 rows on every
 * request was most of a list's CPU; the version check keeps the answer exact, never stale.
 * (Readers only ever see the last tuple a transaction wrote, so xmin alone tells versions apart;
 * the ctid guards against xmin wrapping around after 2^32 transactions.)
 */
export class CheckListReader {
  private readonly fragments = new Map<string, Fragment>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly present: (row: CheckRow) => unknown,
  ) {}

  /** The project's checks in creation order, as the body `{"data":[...]}`. */
  async listJson(projectId: string): Promise<string> {
    const { rows: versions } = await this.pool.query<{ id: string; version: string }>({
      name: 'v1-list-check-versions',
      text: `SELECT c.id, ${ROW_VERSION} AS version FROM checks c WHERE c.project_id = $1 ORDER BY c.created_at, c.id`,
      values: [projectId],
    });
    const changed = new Set(versions.filter((v) => this.fragments.get(v.id)?.version !== v.version).map((v) => v.id));
    // Rows read here may be newer than their version above (updated in between): they win.
    const fresh = changed.size > 0 ? await this.readChanged(projectId, [...changed]) : new Map<string, string>();
    const parts: string[] = [];
    for (const { id } of versions) {
      // Absent from both: deleted between the two reads.
      const json = fresh.get(id) ?? (changed.has(id) ? undefined : this.fragments.get(id)?.json);
      if (json !== undefined) parts.push(json);
    }
    return `{"data":[${parts.join(',')}]}`;
  }

  private async readChanged(projectId: string, ids: string[]): Promise<Map<string, string>> {
    const { rows } = await this.pool.query<CheckRow & { version: string }>({
      name: 'v1-list-changed-checks',
      text: `SELECT ${checkColumns('c')}, ${ROW_VERSION} AS version FROM checks c WHERE c.id = ANY($1::uuid[]) AND c.project_id = $2`,
      values: [ids, projectId],
    });
    const fresh = new Map<string, string>();
    for (const { version, ...row } of rows) {
      const json = JSON.stringify(this.present(row));
      fresh.set(row.id, json);
      this.remember(row.id, { version, json });
    }
    return fresh;
  }

  private remember(id: string, fragment: Fragment): void {
    this.fragments.delete(id);
    this.fragments.set(id, fragment);
    if (this.fragments.size > MAX_CACHED_CHECKS) this.fragments.delete(this.fragments.keys().next().value as string);
  }
}
