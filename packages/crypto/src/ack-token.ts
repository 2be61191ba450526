import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Signed acknowledgement links (docs/notifications.md, "Acknowledgement"): a down alert carries
 * `<APP_BASE_URL>/ack/<token>`, which lets whoever holds it acknowledge that one down episode of
 * that one check, until it expires, and nothing else.
 *
 * Token: base64url of version (1) | check uuid (16) | down flip id (8, big-endian) | expiry (4,
 * unix seconds) | tag (16): the first 16 bytes of HMAC-SHA256 over everything before it. The HMAC
 * key is derived from each encryption key with HKDF-SHA256 (info "upmon ack link v1"), never the
 * encryption key itself; links are signed with the newest key and checked against all of them, so
 * a key rotation keeps the links already sent working until they expire.
 */
const VERSION = 1;
const BODY_LEN = 1 + 16 + 8 + 4;
const TAG_LEN = 16;
/** base64url length of a token (45 bytes): checked before anything is decoded. */
export const ACK_TOKEN_LENGTH = 60;
const TOKEN = /^[A-Za-z0-9_-]{60}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a link works: a week from the message that carried it. */
export const ACK_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

export interface AckTokenClaims {
  checkId: string;
  /** The down flip of the episode the link acknowledges. */
  flipId: string;
  expiresAt: Date;
}

export type AckTokenCheck =
  | ({ ok: true } & AckTokenClaims)
  | { ok: false; reason: 'invalid' }
  /** Genuine but too old: still names its check (the page can point to it). */
  | { ok: false; reason: 'expired'; checkId: string };

export interface AckTokens {
  sign(claims: { checkId: string; flipId: string }, now: Date): string;
  /** `invalid`: malformed or not signed by us; `expired` only for a genuine token past its time. */
  verify(token: string, now: Date): AckTokenCheck;
}

function macKey(base64Key: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(base64Key, 'base64'), Buffer.alloc(0), 'upmon ack link v1', 32));
}

/** `keys`: the encryption keys, newest first (ENCRYPTION_KEYS). */
export function createAckTokens(keys: readonly string[]): AckTokens {
  const macKeys = keys.map(macKey);
  const newest = macKeys[0];
  if (!newest) throw new Error('at least one key is needed to sign acknowledgement links');
  const tag = (key: Buffer, body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, TAG_LEN);

  return {
    sign({ checkId, flipId }, now) {
      if (!UUID.test(checkId)) throw new Error('check id must be a uuid');
      const body = Buffer.alloc(BODY_LEN);
      body.writeUInt8(VERSION, 0);
      Buffer.from(checkId.replace(/-/g, ''), 'hex').copy(body, 1);
      body.writeBigUInt64BE(BigInt(flipId), 17);
      body.writeUInt32BE(Math.floor((now.getTime() + ACK_LINK_TTL_MS) / 1000), 25);
      return Buffer.concat([body, tag(newest, body)]).toString('base64url');
    },
    verify(token, now) {
      if (typeof token !== 'string' || token.length !== ACK_TOKEN_LENGTH || !TOKEN.test(token)) return { ok: false, reason: 'invalid' };
      const raw = Buffer.from(token, 'base64url');
      if (raw.length !== BODY_LEN + TAG_LEN || raw.readUInt8(0) !== VERSION) return { ok: false, reason: 'invalid' };
      const body = raw.subarray(0, BODY_LEN);
      const sent = raw.subarray(BODY_LEN);
      // Every key is tried (no early exit), each comparison in constant time.
      let genuine = false;
      for (const key of macKeys) genuine = timingSafeEqual(tag(key, body), sent) || genuine;
      if (!genuine) return { ok: false, reason: 'invalid' };
      const hex = body.subarray(1, 17).toString('hex');
      const checkId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      const flipId = body.readBigUInt64BE(17).toString();
      const expiresAt = new Date(body.readUInt32BE(25) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', checkId };
      return { ok: true, checkId, flipId, expiresAt };
    },
  };
}
