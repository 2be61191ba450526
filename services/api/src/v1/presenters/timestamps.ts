/** Every API timestamp: ISO 8601 with an explicit `+00:00` offset (never `Z`). */
export function isoTimestamp(d: Date): string {
  return d.toISOString().replace('Z', '+00:00');
}

export function isoTimestampOrNull(d: Date | null): string | null {
  return d ? isoTimestamp(d) : null;
}
