const UNITS: [string, number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['min', 60_000],
  ['s', 1000],
];

/**
 * A duration for people: the two largest non-zero units, e.g. `45 s`, `12 min 5 s`, `1 h 23 min`,
 * `2 d 3 h`, `3 h`. Rounded down; under a second is `0 s`.
 */
export function formatDuration(ms: number): string {
  let rest = Math.max(0, Math.floor(ms));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || parts.length > 0) parts.push(`${n} ${unit}`);
    if (parts.length === 2) break;
  }
  const nonZero = parts.filter((p) => !p.startsWith('0 '));
  return nonZero.length > 0 ? nonZero.join(' ') : '0 s';
}

/** `2026-11-22 07:40:12 UTC`: readable and unambiguous in any channel. */
export function formatUtc(d: Date): string {
  return `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** ISO 8601 with an explicit `+00:00` offset, as the API writes timestamps. */
export function isoWithOffset(d: Date): string {
  return d.toISOString().replace('Z', '+00:00');
}
