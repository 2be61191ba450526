import type pg from 'pg';
import type { PlanName } from '@upmon/core';

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
 * The key with its project, account and plan in one indexed round trip (raw pg: this runs on
 * every request, and Prisma's query engine costs several times more per call).
 */
export async function findApiKeyByHash(pool: pg.Pool, hash: string): Promise<ApiKeyRow | null> {
  const { rows } = await pool.query<ApiKeyRow>({
    name: 'v1-find-api-key',
    text: `SELECT k.id, k.kind, k.project_id, p.account_id, a.plan,
                  (k.revoked_at IS NOT NULL) AS revoked,
                  (k.last_used_at IS NULL OR k.last_used_at < now() - make_interval(secs => $2)) AS stale
           FROM api_keys k JOIN projects p ON p.id = k.project_id JOIN accounts a ON a.id = p.account_id
           WHERE k.hash = $1`,
    values: [hash, TOUCH_INTERVAL_SEC],
  });
  return rows[0] ?? null;
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
