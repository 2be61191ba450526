/** RFC 7230 token characters (type, subtype, parameter names). */
const TOKEN = /^[A-Za-z0-9!#$&^_.+-]+$/;
/** A parameter value: anything but control characters (no CR/LF: it becomes a header). */
const VALUE = /^[^\x00-\x1f\x7f]+$/;

/**
 * True for a media type such as `application/json` or `text/plain; charset=utf-8`: `type/subtype`
 * and `; name=value` parameters, spaces or tabs around the semicolons. Written as a scan over the
 * `;`-separated parts with anchored single-class patterns, so it is linear in the input; the one
 * regex it replaces (`(\s*;\s*token=[^\r\n;]+)*$`) backtracked quadratically on
 * `"a/a; a=" + spaces + "\n"`.
 */
export function isMediaType(value: string): boolean {
  const parts = value.split(';');
  const [type, subtype, ...extra] = (parts.length > 1 ? trimSpaces(parts[0] as string, false, true) : (parts[0] as string)).split('/');
  if (extra.length > 0 || !TOKEN.test(type ?? '') || !TOKEN.test(subtype ?? '')) return false;
  for (let i = 1; i < parts.length; i++) {
    const param = trimSpaces(parts[i] as string, true, i < parts.length - 1);
    const eq = param.indexOf('=');
    if (eq < 0 || !TOKEN.test(param.slice(0, eq)) || !VALUE.test(param.slice(eq + 1))) return false;
  }
  return true;
}

/** Strips spaces and tabs (not other whitespace) from the chosen ends. */
function trimSpaces(s: string, start: boolean, end: boolean): string {
  let a = 0;
  let b = s.length;
  if (start) while (a < b && (s[a] === ' ' || s[a] === '\t')) a++;
  if (end) while (b > a && (s[b - 1] === ' ' || s[b - 1] === '\t')) b--;
  return s.slice(a, b);
}
