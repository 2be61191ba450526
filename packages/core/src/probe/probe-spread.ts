/** FNV-1a 32-bit: a stable, well-mixed hash of the check id (no crypto needed). */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * A deterministic offset in [0, rangeMs) for one check, so thousands of checks with the same
 * schedule are spread over the range instead of firing in the same millisecond, and a check keeps
 * the same offset across restarts and scheduler replicas.
 */
export function probeSpreadMs(checkId: string, rangeMs: number): number {
  if (!(rangeMs > 1)) return 0;
  return fnv1a(checkId) % Math.floor(rangeMs);
}
