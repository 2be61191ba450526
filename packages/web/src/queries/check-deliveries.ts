import type pg from 'pg';

export interface DeliveryRow {
  createdAt: Date;
  event: string;
  attempt: number;
  status: string;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
  integrationId: number;
  integrationName: string;
  integrationKind: string;
}

const COLUMNS = `d.created_at AS "createdAt", d.event, d.attempt, d.status::text AS status, d.status_code AS "statusCode", d.error,
  d.latency_ms AS "latencyMs", i.id AS "integrationId", i.name AS "integrationName", i.kind::text AS "integrationKind"`;

/** A check's delivery log, newest first (index on check_id, created_at). */
export async function checkDeliveries(pool: pg.Pool, checkId: string, limit = 50): Promise<DeliveryRow[]> {
  const { rows } = await pool.query<DeliveryRow>({
    name: 'web-check-deliveries',
    text: `SELECT ${COLUMNS} FROM notification_deliveries d JOIN integrations i ON i.id = d.integration_id
           WHERE d.check_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT $2`,
    values: [checkId, limit],
  });
  return rows;
}

/** An integration's delivery log, newest first (index on integration_id, created_at). */
export async function integrationDeliveries(pool: pg.Pool, integrationId: number, limit = 25): Promise<(DeliveryRow & { id: string })[]> {
  const { rows } = await pool.query<DeliveryRow & { id: string }>({
    name: 'web-integration-deliveries',
    text: `SELECT d.id::text AS id, ${COLUMNS} FROM notification_deliveries d JOIN integrations i ON i.id = d.integration_id
           WHERE d.integration_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT $2`,
    values: [integrationId, limit],
  });
  return rows;
}

/** Each integration's newest delivery (one index probe per integration), by integration id. */
export async function lastDeliveries(pool: pg.Pool, integrationIds: readonly number[]): Promise<Map<number, DeliveryRow>> {
  if (integrationIds.length === 0) return new Map();
  const { rows } = await pool.query<DeliveryRow>({
    name: 'web-last-deliveries',
    text: `SELECT ${COLUMNS} FROM unnest($1::int[]) AS x(id)
           CROSS JOIN LATERAL (SELECT * FROM notification_deliveries WHERE integration_id = x.id ORDER BY created_at DESC, id DESC LIMIT 1) d
           JOIN integrations i ON i.id = d.integration_id`,
    values: [integrationIds],
  });
  return new Map(rows.map((r) => [r.integrationId, r]));
}
