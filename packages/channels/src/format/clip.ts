/** `s` cut to `max` characters (code units), ending in an ellipsis when it was longer. */
export function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** `s` cut to at most `maxBytes` of UTF-8 (for providers that count bytes), ending in an ellipsis when cut. */
export function clipBytes(s: string, maxBytes: number): string {
  if (Buffer.byteLength(s) <= maxBytes) return s;
  let out = s.slice(0, maxBytes);
  while (Buffer.byteLength(out) > maxBytes - 3) out = out.slice(0, -1);
  // Never end on half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(out)) out = out.slice(0, -1);
  return `${out}…`;
}
