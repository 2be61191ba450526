import type pg from 'pg';
import type { PlanName } from '@upmon/core';
import type { CheckRow } from '../checks/check-presenter.js';
import { checkColumns } from '../checks/check-reads.js';

export interface ApiKeyRow {
  id: string;
  kind: 'rw' | 'ro';
  project_id: string;
  account_id: string;
  plan: PlanName;
  revoked: boolean;
  /** last_used_at is older than the touch interval (or never set). */
  stale: boolean;
}

/** How often last_used_at is written per key: enough to tell which keys are in use, cheap on the hot path. */
export const TOUCH_INTERVAL_SEC = 60;

/**
 * The key's columns, aliased so that a query may add columns of other tables; $2 is the touch interval.
 * A revocation time in the future (a key rotated with a grace period) keeps the key working until then.
 */
const KEY_COLUMNS = `k.id AS "keyId", k.kind AS "keyKind", k.project_id AS "keyProjectId", p.account_id AS "keyAccountId", a.plan AS "keyPlan",
  (k.revoked_at IS NOT NULL AND k.revoked_at <= now()) AS "keyRevoked",
  (k.last_used_at IS NULL OR k.last_used_at < now() - make_interval(secs => $2)) AS "keyStale"`;
const KEY_TABLES = `api_keys k JOIN projects p ON p.id = k.project_id JOIN accounts a ON a.id = p.account_id`;

interface KeyColumns {
  keyId: string;
  keyKind: 'rw' | 'ro';
  keyProjectId: string;
  keyAccountId: string;
  keyPlan: PlanName;
  keyRevoked: boolean;
  keyStale: boolean;
}

/** A row of KEY_COLUMNS plus others → the key and the other columns. */
function splitKeyRow<T>(row: KeyColumns & T): { key: ApiKeyRow; rest: T } {
  const { keyId, keyKind, keyProjectId, keyAccountId, keyPlan, keyRevoked, keyStale, ...rest } = row;
  return {
    key: { id: keyId, kind: keyKind, project_id: keyProjectId, account_id: keyAccountId, plan: keyPlan, revoked: keyRevoked, stale: keyStale },
    rest: rest as unknown as T,
  };
}

/**
 * The key with its project, account and plan in one indexed round trip (raw pg: this runs on
 * every request, and Prisma's query engine costs several times more per call).
 */
export async function findApiKeyByHash(pool: pg.Pool, hash: string): Promise<ApiKeyRow | null> {
  const { rows } = await pool.query<KeyColumns>({
    name: 'v1-find-api-key',
    text: `SELECT ${KEY_COLUMNS} FROM ${KEY_TABLES} WHERE k.hash = $1`,
    values: [hash, TOUCH_INTERVAL_SEC],
  });
  return rows[0] ? splitKeyRow(rows[0]).key : null;
}

/**
 * findApiKeyByHash and, in the same round trip, the check `checkId` if it belongs to the key's
 * project (else `check` is null). For GET /checks/{uuid}, the hottest read: one query instead of
 * two. The caller uses the check only once the key passed every test (revoked, plan, rate limit).
 */
export async function findApiKeyWithCheck(pool: pg.Pool, hash: string, checkId: string): Promise<{ key: ApiKeyRow | null; check: CheckRow | null }> {
  const { rows } = await pool.query<KeyColumns & { checkFound: boolean }>({
    name: 'v1-find-api-key-with-check',
    text: `SELECT ${KEY_COLUMNS}, (c.id IS NOT NULL) AS "checkFound", ${checkColumns('c')}
           FROM ${KEY_TABLES} LEFT JOIN checks c ON c.id = $3 AND c.project_id = k.project_id
           WHERE k.hash = $1`,
    values: [hash, TOUCH_INTERVAL_SEC, checkId],
  });
  if (!rows[0]) return { key: null, check: null };
  const { key, rest } = splitKeyRow(rows[0]);
  const { checkFound, ...check } = rest;
  return { key, check: checkFound ? (check as unknown as CheckRow) : null };
}

/** Sets last_used_at unless another request (or replica) did so within the interval. */
export async function touchApiKey(pool: pg.Pool, keyId: string): Promise<void> {
  await pool.query({
    name: 'v1-touch-api-key',
    text: `UPDATE api_keys SET last_used_at = now()
           WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2))`,
    values: [keyId, TOUCH_INTERVAL_SEC],
  });
}
