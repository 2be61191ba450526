/** Healthchecks' timestamps: ISO 8601, whole seconds, `+00:00` (Python's isoformat of a UTC time). */
export function hcTimestamp(d: Date | null): string | null {
  return d ? `${d.toISOString().slice(0, 19)}+00:00` : null;
}
