import { Prisma } from '@upmon/db';

/**
 * A timestamptz column rendered by Postgres as ISO 8601 with 6 fraction digits and `+00:00`.
 * JavaScript Dates keep milliseconds only, so microsecond timestamps are read this way.
 */
export function isoMicrosSql(column: string): Prisma.Sql {
  return Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')`);
}
