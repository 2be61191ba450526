import { CHECK_STATE_COLUMNS, type CheckSqlRow } from '@upmon/check-store';
import { hcUniqueKey } from '@upmon/healthchecks';
import type pg from 'pg';
import { parsePosition, positionSql, type KeysetRead } from '@upmon/domain';

/** A check with everything its Healthchecks representation needs. */
export interface HcCheckRow extends CheckSqlRow {
  name: string;
  slug: string | null;
  description: string | null;
  tags: string[];
  n_pings: number;
  /** The grace a Healthchecks client asked for when upmon watches with less (docs/healthchecks.md). */
  hc_grace_sec: number | null;
  /** Comma-separated UUIDs (sorted) of the integrations that hear of the check. */
  channels: string;
}

// `channels`: the explicit assignment when there is one, else the integrations whose tags rule
// takes the check (tags null, not a list, or sharing a tag): who would be notified.
const HC_CHECK_COLUMNS = `${CHECK_STATE_COLUMNS}, c.name, c.slug, c.description, to_json(c.tags) AS tags, c.hc_grace_sec,
  (SELECT coalesce(string_agg(i.uuid::text, ',' ORDER BY i.uuid::text), '') FROM integrations i
    WHERE i.project_id = c.project_id
      AND CASE WHEN c.integrations_explicit THEN i.id = ANY(c.integration_ids)
               ELSE i.tags IS NULL OR jsonb_typeof(i.tags) <> 'array'
                    OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(i.tags) AS t(tag) WHERE t.tag = ANY(c.tags)) END) AS channels`;

/** Which of a project's checks Healthchecks' list answers: carrying every tag in `tags`, and the `slug` unless null. */
export interface HcListFilter {
  projectId: string;
  tags: string[];
  slug: string | null;
}

/**
 * The checks of the filter in creation order, as keyset reads (index checks(project_id,
 * created_at, id)): the list is streamed a page at a time (docs/api.md, "Lists and pagination").
 */
export function hcCheckPages(pool: pg.Pool, filter: HcListFilter, present: (row: HcCheckRow) => unknown): KeysetRead {
  const columns = `${HC_CHECK_COLUMNS}, ${positionSql('c.created_at', 'c.id')} AS position`;
  const where = `c.project_id = $1 AND c.tags @> $2::text[] AND ($3::text IS NULL OR c.slug = $3)`;
  return async (after, count) => {
    const from = parsePosition(after);
    // Two statements, not "$4 IS NULL OR ...": a generic plan would then not bound the index scan.
    const { rows } = from
      ? await pool.query<HcCheckRow & { position: string }>({
          name: 'hc-list-checks-page-after',
          text: `SELECT ${columns} FROM checks c WHERE ${where} AND (c.created_at, c.id) > ($5::timestamptz, $6::uuid) ORDER BY c.created_at, c.id LIMIT $4`,
          values: [filter.projectId, filter.tags, filter.slug, count, from[0], from[1]],
        })
      : await pool.query<HcCheckRow & { position: string }>({
          name: 'hc-list-checks-page',
          text: `SELECT ${columns} FROM checks c WHERE ${where} ORDER BY c.created_at, c.id LIMIT $4`,
          values: [filter.projectId, filter.tags, filter.slug, count],
        });
    return rows.map(({ position, ...row }) => ({ position, json: JSON.stringify(present(row)) }));
  };
}

/** Fields an upsert's `unique` compares exactly (docs/healthchecks.md): each narrows the candidates in SQL. */
export interface HcUpsertKeys {
  name?: string;
  slug?: string;
  timeoutSec?: number;
}

/**
 * The checks of the project an upsert may match, in creation order: those equal to the exact
 * `keys` (name, slug, period), read by PostgreSQL, so a project of 100,000 checks is not read
 * whole into the api for each upsert; the caller compares the rest (tags, grace) itself.
 */
export async function hcUpsertCandidates(pool: pg.Pool, projectId: string, keys: HcUpsertKeys): Promise<HcCheckRow[]> {
  const { rows } = await pool.query<HcCheckRow>({
    name: 'hc-upsert-candidates',
    text: `SELECT ${HC_CHECK_COLUMNS} FROM checks c
           WHERE c.project_id = $1 AND ($2::text IS NULL OR c.name = $2) AND ($3::text IS NULL OR coalesce(c.slug, '') = $3)
             AND ($4::float8 IS NULL OR (c.schedule_kind = 'period' AND c.period_sec = $4))
           ORDER BY c.created_at, c.id`,
    values: [projectId, keys.name ?? null, keys.slug ?? null, keys.timeoutSec ?? null],
  });
  return rows;
}

/** One check of the project, or null (also when it belongs to another project). */
export async function findHcCheck(pool: pg.Pool, projectId: string, checkId: string): Promise<HcCheckRow | null> {
  const { rows } = await pool.query<HcCheckRow>({
    name: 'hc-find-check',
    text: `SELECT ${HC_CHECK_COLUMNS} FROM checks c WHERE c.id = $1 AND c.project_id = $2`,
    values: [checkId, projectId],
  });
  return rows[0] ?? null;
}

/** Ids hashed per query when a check is looked up by its unique_key. */
const UNIQUE_KEY_PAGE = 1_000;

/**
 * The id of the project's first check (creation order) whose Healthchecks unique_key
 * (`hcUniqueKey`, a SHA-1 of the id: PostgreSQL has no sha1() without pgcrypto) is `uniqueKey`, or
 * null. Read in keyset pages of ids, each hashed in a turn of its own, stopping at the match: the
 * api never holds every id of a large project, nor the event loop for all of their hashes.
 */
export async function hcCheckIdByUniqueKey(pool: pg.Pool, projectId: string, uniqueKey: string): Promise<string | null> {
  const wanted = uniqueKey.toLowerCase();
  const columns = `id, ${positionSql('created_at', 'id')} AS position`;
  let after: [string, string] | null = null;
  for (;;) {
    const { rows }: { rows: { id: string; position: string }[] } = after
      ? await pool.query({
          name: 'hc-check-ids-after',
          text: `SELECT ${columns} FROM checks WHERE project_id = $1 AND (created_at, id) > ($2::timestamptz, $3::uuid) ORDER BY created_at, id LIMIT $4`,
          values: [projectId, after[0], after[1], UNIQUE_KEY_PAGE],
        })
      : await pool.query({
          name: 'hc-check-ids',
          text: `SELECT ${columns} FROM checks WHERE project_id = $1 ORDER BY created_at, id LIMIT $2`,
          values: [projectId, UNIQUE_KEY_PAGE],
        });
    const match = rows.find((r) => hcUniqueKey(r.id) === wanted);
    if (match) return match.id;
    const last = rows[rows.length - 1];
    if (!last || rows.length < UNIQUE_KEY_PAGE) return null;
    after = parsePosition(last.position);
    if (after === null) throw new Error(`unreadable list position ${last.position}`);
  }
}
