/**
 * Whether `status` matches one of `patterns`: exact codes ('200', '301') or class patterns with
 * x wildcards ('2xx', '20x'), case-insensitive. Unknown shapes match nothing.
 */
export function matchesExpectedCode(status: number, patterns: readonly string[]): boolean {
  const code = String(status);
  return patterns.some((raw) => {
    const p = raw.trim().toLowerCase();
    if (!/^[1-5][0-9x]{2}$/.test(p)) return false;
    for (let i = 0; i < 3; i++) if (p[i] !== 'x' && p[i] !== code[i]) return false;
    return code.length === 3;
  });
}
