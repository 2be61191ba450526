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

export const redisReady =
  (redis: Redis): ReadinessCheck =>
  async () => {
    if (redis.status !== 'ready') throw new Error(`connection ${redis.status}`);
    await redis.ping();
  };
