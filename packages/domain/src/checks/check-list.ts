import type pg from 'pg';
import type { CheckRow } from './check-presenter.js';
import { checkColumns } from './check-reads.js';

/** Check fragments kept per api process (about 0.5 KB each): older ones are dropped first. */
const MAX_CACHED_CHECKS = 50_000;
/** Whole list bodies kept per api process, in bytes: older ones are dropped first. */
const MAX_CACHED_BODY_BYTES = 32 * 1024 * 1024;

/** A row version: xmin (the writing transaction) and ctid (where the tuple lives). */
const ROW_VERSION = `c.xmin::text || ':' || c.ctid::text`;

/** SQL of the "<id> <version>,..." string of a project's checks in list order ('' for none). */
export function listVersionsSql(projectId: string): string {
  return `SELECT coalesce(string_agg(c.id::text || ' ' || ${ROW_VERSION}, ',' ORDER BY c.created_at, c.id), '')
          FROM checks c WHERE c.project_id = ${projectId}`;
}

interface Fragment {
  version: string;
  json: string;
}

interface ListBody {
  /** "<id> <version>,..." of the checks in list order: the body is valid while this is unchanged. */
  versions: string;
  body: Buffer;
}

/**
 * GET /checks, with each check's JSON (and each project's whole body) kept between requests and
 * reused while the rows are unchanged. A Check response is a function of its row alone (ping URLs
 * come from config), and every UPDATE of a row writes a new tuple with a new (xmin, ctid): so a
 * list first reads only the ids and row versions of the project's checks, as one string (in the
 * API key's query, see findApiKeyWithListVersions), and sends the previous body when that string
 * is unchanged; else it reads the full columns of the rows whose version it has not presented yet. Decoding and serializing all 100 rows on every
 * request was most of a list's CPU; the version check keeps the answer exact, never stale.
 * (Readers only ever see the last tuple a transaction wrote, so xmin alone tells versions apart;
 * the ctid guards against xmin wrapping around after 2^32 transactions.)
 */
export class CheckListReader {
  private readonly fragments = new Map<string, Fragment>();
  private readonly bodies = new Map<string, ListBody>();
  private bodyBytes = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly present: (row: CheckRow) => unknown,
  ) {}

  /**
   * The project's checks in creation order, as the JSON body `{"data":[...]}`. `versions` is the
   * project's listVersionsSql, read by authenticate in the API key's query.
   */
  async listBody(projectId: string, versions: string): Promise<Buffer> {
    const previous = this.bodies.get(projectId);
    if (previous?.versions === versions) return previous.body;

    const listed = versions === '' ? [] : versions.split(',').map((v) => v.split(' ') as [string, string]);
    const known = new Map<string, Fragment>();
    const changed: string[] = [];
    for (const [id, version] of listed) {
      const fragment = this.fragments.get(id);
      if (fragment?.version === version) known.set(id, fragment);
      else changed.push(id);
    }
    // Rows read here may be newer than their version above (updated in between): they win.
    const fresh = changed.length > 0 ? await this.readChanged(projectId, changed) : new Map<string, Fragment>();
    const parts: string[] = [];
    const shown: string[] = [];
    for (const [id] of listed) {
      // Absent from both: deleted between the two reads.
      const fragment = fresh.get(id) ?? known.get(id);
      if (!fragment) continue;
      parts.push(fragment.json);
      shown.push(`${id} ${fragment.version}`);
    }
    const body = Buffer.from(`{"data":[${parts.join(',')}]}`);
    this.rememberBody(projectId, { versions: shown.join(','), body });
    return body;
  }

  private async readChanged(projectId: string, ids: string[]): Promise<Map<string, Fragment>> {
    const { rows } = await this.pool.query<CheckRow & { version: string }>({
      name: 'v1-list-changed-checks',
      text: `SELECT ${checkColumns('c')}, ${ROW_VERSION} AS version FROM checks c WHERE c.id = ANY($1::uuid[]) AND c.project_id = $2`,
      values: [ids, projectId],
    });
    const fresh = new Map<string, Fragment>();
    for (const { version, ...row } of rows) {
      const fragment = { version, json: JSON.stringify(this.present(row)) };
      fresh.set(row.id, fragment);
      this.fragments.delete(row.id);
      this.fragments.set(row.id, fragment);
      if (this.fragments.size > MAX_CACHED_CHECKS) this.fragments.delete(this.fragments.keys().next().value as string);
    }
    return fresh;
  }

  private rememberBody(projectId: string, list: ListBody): void {
    this.forgetBody(projectId);
    if (list.body.length > MAX_CACHED_BODY_BYTES / 4) return;
    this.bodies.set(projectId, list);
    this.bodyBytes += list.body.length;
    while (this.bodyBytes > MAX_CACHED_BODY_BYTES) this.forgetBody(this.bodies.keys().next().value as string);
  }

  private forgetBody(projectId: string): void {
    const old = this.bodies.get(projectId);
    if (!old) return;
    this.bodies.delete(projectId);
    this.bodyBytes -= old.body.length;
  }
}
