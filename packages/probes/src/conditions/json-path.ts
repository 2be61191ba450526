/** Longest path accepted (characters) and most segments in one. */
export const MAX_PATH_LENGTH = 256;
export const MAX_PATH_SEGMENTS = 32;

/** One step into a JSON value: an object key, or an array index (negative counts from the end). */
export type PathSegment = { key: string } | { index: number };

export class PathError extends Error {}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*/;

/** RFC 6901: `/a/b/0`, `~1` for '/', `~0` for '~'; '' is the whole document. */
function parsePointer(path: string): PathSegment[] {
  if (path === '') return [];
  return path
    .slice(1)
    .split('/')
    .map((raw) => {
      if (/~(?![01])/.test(raw)) throw new PathError('"~" must be followed by 0 or 1 in a JSON Pointer');
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      // A pointer segment is an index only for arrays, decided when resolving: keep it as a key.
      return { key };
    });
}

/** A quoted name inside brackets, from `i` (at the quote); returns the name and the index after it. */
function quotedName(path: string, i: number): [string, number] {
  const quote = path[i];
  let name = '';
  for (let j = i + 1; j < path.length; j++) {
    const ch = path[j] as string;
    if (ch === '\\') {
      const next = path[j + 1];
      if (next !== quote && next !== '\\') throw new PathError(`unsupported escape "\\${next ?? ''}" in a quoted name`);
      name += next;
      j++;
    } else if (ch === quote) {
      return [name, j + 1];
    } else {
      name += ch;
    }
  }
  throw new PathError('unterminated quoted name');
}

/**
 * The JSONPath subset for single values: `$`, `.name`, `['name']` / `["name"]`, `[0]`, `[-1]`.
 * No wildcards, filters, slices or recursive descent: a condition compares one value.
 */
function parseJsonPath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  let i = 1;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '.') {
      if (path[i + 1] === '.') throw new PathError('recursive descent (..) is not supported');
      const m = IDENTIFIER.exec(path.slice(i + 1));
      if (!m) throw new PathError(`expected a name after "." at position ${i + 1}`);
      segments.push({ key: m[0] });
      i += 1 + m[0].length;
    } else if (ch === '[') {
      const next = path[i + 1];
      if (next === "'" || next === '"') {
        const [name, after] = quotedName(path, i + 1);
        if (path[after] !== ']') throw new PathError(`expected "]" at position ${after}`);
        segments.push({ key: name });
        i = after + 1;
      } else {
        const m = /^(-?\d{1,9})\]/.exec(path.slice(i + 1));
        if (!m) throw new PathError(`expected an index or a quoted name at position ${i + 1} (wildcards, filters and slices are not supported)`);
        segments.push({ index: Number(m[1]) });
        i += 1 + m[0].length;
      }
    } else {
      throw new PathError(`unexpected "${ch}" at position ${i}`);
    }
  }
  return segments;
}

/**
 * Parses a JSON Pointer (`/data/status`) or a JSONPath of the supported subset (`$.data.status`,
 * `$.items[0]['full name']`). Throws PathError with a message for the user.
 */
export function parsePath(path: string): PathSegment[] {
  if (path.length > MAX_PATH_LENGTH) throw new PathError(`must be at most ${MAX_PATH_LENGTH} characters`);
  let segments: PathSegment[];
  if (path === '' || path.startsWith('/')) segments = parsePointer(path);
  else if (path.startsWith('$')) segments = parseJsonPath(path);
  else throw new PathError('must be a JSON Pointer (starting with "/") or a JSONPath (starting with "$")');
  if (segments.length > MAX_PATH_SEGMENTS) throw new PathError(`must have at most ${MAX_PATH_SEGMENTS} segments`);
  return segments;
}

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The value at `segments` in `doc`, or `found: false`. */
export function resolvePath(doc: unknown, segments: readonly PathSegment[]): { found: true; value: unknown } | { found: false } {
  let cur: unknown = doc;
  for (const seg of segments) {
    if (Array.isArray(cur)) {
      const index = 'index' in seg ? seg.index : /^(0|[1-9]\d{0,8})$/.test(seg.key) ? Number(seg.key) : NaN;
      const at = index < 0 ? cur.length + index : index;
      if (!Number.isInteger(at) || at < 0 || at >= cur.length) return { found: false };
      cur = cur[at];
    } else if (cur !== null && typeof cur === 'object' && 'key' in seg) {
      if (!own(cur, seg.key)) return { found: false };
      cur = (cur as Record<string, unknown>)[seg.key];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: cur };
}
