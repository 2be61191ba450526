/**
 * Keyset positions of lists ordered by (created_at, id): the creation time to the microsecond
 * (rendered by PostgreSQL, so nothing is lost in a JS Date) and the id, as `<timestamp> <id>`.
 */
const POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z) ([0-9a-f-]{1,36})$/;

/** SQL of a row's position text, for the columns `created` and `id`. */
export const positionSql = (created: string, id: string) => `to_char(${created} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ' ' || ${id}::text`;

/** [created_at, id] of a position, or null when it is not one (only positions we signed get here). */
export function parsePosition(position: string | null): [string, string] | null {
  if (position === null) return null;
  const m = POSITION.exec(position);
  return m ? [m[1] as string, m[2] as string] : null;
}
