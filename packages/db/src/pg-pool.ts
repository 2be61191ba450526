import pg from 'pg';

/**
 * A raw pg pool for hot paths where Prisma model calls are too slow (ping ingest, deadline scans).
 * The caller owns it and must `end()` it on shutdown.
 *
 * An idle connection that the server ends (PostgreSQL restarted, a backend terminated, the
 * database dropped) makes the pool emit 'error'; with no listener that would crash the process.
 * The pool has already discarded that connection and opens a new one for the next query, so the
 * error is only logged (without a logger, ignored: queries still surface a real outage).
 */
export function createPgPool(databaseUrl: string, max = 10, logger?: { warn(fields: object, msg: string): void }): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', (err: Error & { code?: string }) => logger?.warn({ err: err.message, code: err.code }, 'idle database connection lost; the next query reconnects'));
  return pool;
}
