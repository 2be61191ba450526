/** Every API timestamp: ISO 8601 with an explicit `+00:00` offset (never `Z`). */
export function isoTimestamp(d: Date): string {
  return d.toISOString().replace('Z', '+00:00');
}

/**
 * A Date, or a string Postgres already rendered in the API's format (the raw-SQL read paths
 * render timestamps in SQL: parsing them into Dates only to print them again costs more than the
 * rest of a list request).
 */
export type ApiTimestamp = Date | string;

export function apiTimestamp(d: ApiTimestamp): string {
  return typeof d === 'string' ? d : isoTimestamp(d);
}

export function apiTimestampOrNull(d: ApiTimestamp | null): string | null {
  return d === null ? null : apiTimestamp(d);
}
