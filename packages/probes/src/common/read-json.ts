/**
 * Helpers for reading a stored config defensively: the API validated it on the way in, and an old
 * or odd row must fall back to defaults rather than stop monitoring.
 */
export const objectOf = (raw: unknown): Record<string, unknown> =>
  raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

export const intIn = (v: unknown, min: number, max: number, dflt: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : dflt;

/** A string of at most `max` characters, else `dflt`. */
export const stringOr = <D extends string | null>(v: unknown, max: number, dflt: D): string | D => (typeof v === 'string' && v.length <= max ? v : dflt);
