import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Opaque cursors of keyset-paginated lists (docs/api.md, "Lists and pagination"): the position
 * after the last item of a page, signed, so a client can only hand back a cursor the server gave
 * out for that same list of that same project (the scope, e.g. `checks:<project id>`, is signed
 * with it but not carried). A forged, edited, truncated or foreign cursor is refused as a whole;
 * nothing of it reaches SQL unless it is genuine.
 *
 * Token: base64url of version (1) | position (UTF-8, at most MAX_POSITION_BYTES) | tag (16): the
 * first 16 bytes of HMAC-SHA256 over scope, NUL, version and position. The key is derived from each
 * encryption key with HKDF-SHA256 (info "upmon list cursor v1"); cursors are signed with the newest
 * key and checked against all of them, so a key rotation does not break a walk through a list.
 */
const VERSION = 1;
const TAG_LEN = 16;
/** Longest position signed (a timestamp and a UUID need 64). */
export const MAX_POSITION_BYTES = 96;
/** Longest cursor accepted: checked before anything is decoded. */
export const MAX_LIST_CURSOR_LENGTH = Math.ceil(((1 + MAX_POSITION_BYTES + TAG_LEN) * 4) / 3);
const TOKEN = /^[A-Za-z0-9_-]+$/;

export interface ListCursors {
  /** The cursor of `position` in the list named by `scope`. */
  sign(scope: string, position: string): string;
  /** The position a genuine cursor of `scope` carries; null for anything else. */
  verify(scope: string, cursor: string): string | null;
}

function macKey(base64Key: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(base64Key, 'base64'), Buffer.alloc(0), 'upmon list cursor v1', 32));
}

/** `keys`: the encryption keys, newest first (ENCRYPTION_KEYS). */
export function createListCursors(keys: readonly string[]): ListCursors {
  const macKeys = keys.map(macKey);
  const newest = macKeys[0];
  if (!newest) throw new Error('at least one key is needed to sign list cursors');
  const tag = (key: Buffer, scope: string, body: Buffer) => createHmac('sha256', key).update(scope).update('\0').update(body).digest().subarray(0, TAG_LEN);

  return {
    sign(scope, position) {
      const body = Buffer.concat([Buffer.of(VERSION), Buffer.from(position, 'utf8')]);
      if (body.length - 1 > MAX_POSITION_BYTES) throw new Error(`a list position is at most ${MAX_POSITION_BYTES} bytes`);
      return Buffer.concat([body, tag(newest, scope, body)]).toString('base64url');
    },
    verify(scope, cursor) {
      if (typeof cursor !== 'string' || cursor.length > MAX_LIST_CURSOR_LENGTH || !TOKEN.test(cursor)) return null;
      const raw = Buffer.from(cursor, 'base64url');
      if (raw.length <= 1 + TAG_LEN || raw.readUInt8(0) !== VERSION) return null;
      const body = raw.subarray(0, raw.length - TAG_LEN);
      const sent = raw.subarray(raw.length - TAG_LEN);
      // Every key is tried (no early exit), each comparison in constant time.
      let genuine = false;
      for (const key of macKeys) genuine = timingSafeEqual(tag(key, scope, body), sent) || genuine;
      return genuine ? body.subarray(1).toString('utf8') : null;
    },
  };
}
