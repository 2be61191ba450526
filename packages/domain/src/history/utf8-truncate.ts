/**
 * The longest prefix of `buf` that fits in `maxBytes` without cutting a UTF-8 character in half,
 * decoded (invalid bytes elsewhere become U+FFFD as usual).
 */
export function truncateUtf8(buf: Buffer, maxBytes: number): string {
  if (buf.length <= maxBytes) return buf.toString('utf8');
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) to the start of the character at the cut.
  let back = 0;
  while (end - back > 0 && back < 4 && ((buf[end - back] as number) & 0xc0) === 0x80) back++;
  if (back > 0 && back < 4) end -= back;
  return buf.subarray(0, end).toString('utf8');
}
