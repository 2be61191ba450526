import type pg from 'pg';
import type { CheckRow } from './check-presenter.js';
import { checkColumns } from './check-reads.js';
import type { KeysetRead, ListedItem } from '../lists/keyset-walk.js';
import { parsePosition, positionSql } from '../lists/keyset-position.js';

/** Check fragments kept per api process (about 0.5 KB each), per generation: see FragmentCache. */
const CACHE_GENERATION = 25_000;

/** A row version: xmin (the writing transaction) and ctid (where the tuple lives). */
const ROW_VERSION = `c.xmin::text || ':' || c.ctid::text`;

const PAGE_COLUMNS = `c.id::text AS id, ${ROW_VERSION} AS version, ${positionSql('c.created_at', 'c.id')} AS position`;

interface Fragment {
  version: string;
  json: string;
}

/**
 * Fragments in two generations of at most CACHE_GENERATION each: a full young generation becomes
 * the old one (the previous old one is dropped whole), and a fragment read from the old one moves
 * back to the young. Every step is O(1): a Map used as an LRU (delete the first key on every
 * insert) degrades when most of it is evicted, since each `keys().next()` walks over the deleted
 * slots before the Map is compacted (10 of 13 s of the api's CPU in three lists of 100,000 checks).
 */
class FragmentCache {
  private young = new Map<string, Fragment>();
  private old = new Map<string, Fragment>();

  get(id: string): Fragment | undefined {
    const hit = this.young.get(id);
    if (hit) return hit;
    const aged = this.old.get(id);
    if (aged) this.set(id, aged);
    return aged;
  }

  set(id: string, fragment: Fragment): void {
    if (this.young.size >= CACHE_GENERATION) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(id, fragment);
  }
}

/**
 * GET /checks, a keyset page at a time (index checks(project_id, created_at, id)), with each
 * check's JSON kept between requests and reused while its row is unchanged. A Check response is a
 * function of its row alone (ping URLs come from config), and every UPDATE of a row writes a new
 * tuple with a new (xmin, ctid): so a page first reads only the ids, row versions and positions of
 * its checks, then the full columns of those whose version it has not presented yet (none when
 * nothing changed). Decoding and serializing every row on every request was most of a list's CPU;
 * the version check keeps the answer exact, never stale.
 * (Readers only ever see the last tuple a transaction wrote, so xmin alone tells versions apart;
 * the ctid guards against xmin wrapping around after 2^32 transactions.)
 */
export class CheckListReader {
  private readonly fragments = new FragmentCache();

  constructor(
    private readonly pool: pg.Pool,
    private readonly present: (row: CheckRow) => unknown,
  ) {}

  /** The project's checks in creation order (created_at, id), as keyset reads. */
  reader(projectId: string): KeysetRead {
    return (after, count) => this.page(projectId, after, count);
  }

  private async page(projectId: string, after: string | null, count: number): Promise<ListedItem[]> {
    const from = parsePosition(after);
    const { rows } = from
      ? await this.pool.query<{ id: string; version: string; position: string }>({
          name: 'v1-list-check-versions-after',
          text: `SELECT ${PAGE_COLUMNS} FROM checks c WHERE c.project_id = $1 AND (c.created_at, c.id) > ($2::timestamptz, $3::uuid)
                 ORDER BY c.created_at, c.id LIMIT $4`,
          values: [projectId, from[0], from[1], count],
        })
      : await this.pool.query<{ id: string; version: string; position: string }>({
          name: 'v1-list-check-versions',
          text: `SELECT ${PAGE_COLUMNS} FROM checks c WHERE c.project_id = $1 ORDER BY c.created_at, c.id LIMIT $2`,
          values: [projectId, count],
        });
    const changed = rows.filter((r) => this.fragments.get(r.id)?.version !== r.version).map((r) => r.id);
    // Rows read here may be newer than their version above (updated in between): they win.
    const fresh = changed.length > 0 ? await this.readChanged(projectId, changed) : new Map<string, Fragment>();
    const items: ListedItem[] = [];
    for (const { id, version, position } of rows) {
      const cached = this.fragments.get(id);
      // Absent from both: deleted between the two reads.
      const fragment = fresh.get(id) ?? (cached?.version === version ? cached : undefined);
      items.push({ position, json: fragment?.json ?? null });
    }
    return items;
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
      this.fragments.set(row.id, fragment);
    }
    return fresh;
  }
}
