import pg from 'pg';

/** A raw pg pool (`createPgPool`). */
export type PgPool = pg.Pool;

/**
 * A raw pg pool for hot paths where Prisma model calls are too slow (ping ingest, deadline scans,
 * the notifier's SQL): measured here, a Prisma `$queryRaw` costs ~3-4× the CPU of the same query
 * through pg. The caller owns it and must `end()` it on shutdown.
 *
 * Hot statements are best named (`{ name, text, values }`): each connection parses and plans them
 * once instead of once per call. A failed `pool.query` drops its connection, so a named statement
 * left stale by a migration ("cached plan must not change result type") heals on the next try.
 *
 * An idle connection that the server ends (PostgreSQL restarted, a backend terminated, the
 * database dropped) makes the pool emit 'error'; with no listener that would crash the process.
 * The pool has already discarded that connection and opens a new one for the next query, so the
 * error is only logged (without a logger, ignored: queries still surface a real outage).
 */
export function createPgPool(databaseUrl: string, max = 10, logger?: { warn(fields: object, msg: string): void }): PgPool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', (err: Error & { code?: string }) =>
    logger?.warn({ err: err.message, code: err.code }, 'idle database connection lost; the next query reconnects'),
  );
  return pool;
}
