import type { Redis } from 'ioredis';
import type { ReadinessCheck } from './health-server.js';

interface Queryable {
  $queryRawUnsafe(query: string): Promise<unknown>;
}

export const postgresReady =
  (db: Queryable): ReadinessCheck =>
  async () => {
    await db.$queryRawUnsafe('SELECT 1');
  };

/** Readiness of a raw pg pool (anything with `query`). */
export const pgPoolReady =
  (pool: { query(sql: string): Promise<unknown> }): ReadinessCheck =>
  async () => {
    await pool.query('SELECT 1');
  };

/**
 * Redis answers PING. While the client is not connected, the answer says why with the client's last
 * connection error (refused, a server certificate not trusted, a wrong password…): the operator of
 * a remote prober whose Redis CA is missing reads it in /readyz, not just "connecting".
 */
export function redisReady(redis: Redis): ReadinessCheck {
  let lastError: string | null = null;
  redis.on('error', (err: Error) => (lastError = err.message));
  redis.on('ready', () => (lastError = null));
  return async () => {
    if (redis.status !== 'ready') throw new Error(`connection ${redis.status}${lastError ? ` (last error: ${lastError})` : ''}`);
    await redis.ping();
  };
}
