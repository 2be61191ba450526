import pg from 'pg';

/**
 * A raw pg pool for hot paths where Prisma model calls are too slow (ping ingest, deadline scans).
 * The caller owns it and must `end()` it on shutdown.
 */
export function createPgPool(databaseUrl: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max });
}
