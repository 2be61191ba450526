import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for data at rest (ping bodies, check credentials, integration configs), with key
 * rotation and each ciphertext bound to its place (docs/database.md, "Encryption at rest").
 *
 * Layout 2 (written now): version 2 (1) | key id (4) | iv (12) | ciphertext | auth tag (16), the
 * `aad` (table, column and row, see `AAD`) authenticated but not stored. A ciphertext copied to
 * another row or column fails to decrypt.
 * Layout 1 (read only; written before key rotation): version 1 (1) | iv (12) | ciphertext | tag
 * (16), no key id and no AAD: every configured key is tried, newest first.
 */
export interface Cipher {
  encrypt(plain: Buffer | string, aad: string): Buffer;
  decrypt(sealed: Uint8Array, aad: string): Buffer;
  encryptJson(value: unknown, aad: string): Buffer;
  decryptJson<T = unknown>(sealed: Uint8Array, aad: string): T;
  /** True when `sealed` already is layout 2 under the newest key (nothing to re-encrypt). */
  isCurrent(sealed: Uint8Array): boolean;
  /** Hex id of the key new ciphertexts are written with. */
  readonly currentKeyId: string;
}

const V1 = 1;
const V2 = 2;
const IV_LEN = 12;
const TAG_LEN = 16;
const KEY_ID_LEN = 4;
const V2_HEADER = 1 + KEY_ID_LEN;

interface Key {
  id: Buffer;
  secret: Buffer;
}

/**
 * A key's id: the first 4 bytes of HMAC-SHA256(key, "upmon key id"). Derived, so operators list
 * keys without naming them, and it reveals nothing about the key.
 */
export function keyIdOf(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('upmon key id').digest().subarray(0, KEY_ID_LEN);
}

function parseKey(base64: string): Key {
  const secret = Buffer.from(base64, 'base64');
  if (secret.length !== 32) throw new Error('encryption key must be 32 bytes (base64)');
  return { id: keyIdOf(secret), secret };
}

/**
 * `keys`: newest first (ENCRYPTION_KEYS, or the single ENCRYPTION_KEY). The newest encrypts; any
 * of them decrypts what it wrote.
 */
export function createCipher(keys: string | readonly string[]): Cipher {
  const list = (typeof keys === 'string' ? [keys] : [...keys]).map(parseKey);
  const newest = list[0];
  if (!newest) throw new Error('at least one encryption key is needed');
  const byId = new Map<string, Key>();
  for (const k of list) {
    const id = k.id.toString('hex');
    const seen = byId.get(id);
    if (seen && !seen.secret.equals(k.secret)) throw new Error(`two encryption keys share the id ${id}; generate another key`);
    byId.set(id, k);
  }

  function encrypt(plain: Buffer | string, aad: string): Buffer {
    const iv = randomBytes(IV_LEN);
    const c = createCipheriv('aes-256-gcm', newest!.secret, iv);
    c.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([c.update(typeof plain === 'string' ? Buffer.from(plain) : plain), c.final()]);
    return Buffer.concat([Buffer.from([V2]), newest!.id, iv, body, c.getAuthTag()]);
  }

  function open(secret: Buffer, buf: Buffer, headerLen: number, aad: string | null): Buffer {
    const iv = buf.subarray(headerLen, headerLen + IV_LEN);
    const d = createDecipheriv('aes-256-gcm', secret, iv);
    if (aad !== null) d.setAAD(Buffer.from(aad, 'utf8'));
    d.setAuthTag(buf.subarray(buf.length - TAG_LEN));
    return Buffer.concat([d.update(buf.subarray(headerLen + IV_LEN, buf.length - TAG_LEN)), d.final()]);
  }

  function decrypt(sealed: Uint8Array, aad: string): Buffer {
    const buf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    if (buf[0] === V2 && buf.length >= V2_HEADER + IV_LEN + TAG_LEN) {
      const id = buf.subarray(1, V2_HEADER).toString('hex');
      const key = byId.get(id);
      if (!key) throw new Error(`ciphertext of key ${id}, which is not configured (ENCRYPTION_KEYS)`);
      try {
        return open(key.secret, buf, V2_HEADER, aad);
      } catch {
        throw new Error('ciphertext does not authenticate (altered, or moved from another row or column)');
      }
    }
    if (buf[0] === V1 && buf.length >= 1 + IV_LEN + TAG_LEN) {
      for (const key of list) {
        try {
          return open(key.secret, buf, 1, null);
        } catch {
          // not this key: try the next (older) one
        }
      }
      throw new Error('ciphertext (layout 1) decrypts with none of the configured keys');
    }
    throw new Error('unrecognised ciphertext');
  }

  return {
    encrypt,
    decrypt,
    encryptJson: (value, aad) => encrypt(JSON.stringify(value), aad),
    decryptJson: <T>(sealed: Uint8Array, aad: string) => JSON.parse(decrypt(sealed, aad).toString('utf8')) as T,
    isCurrent: (sealed) => sealed.length >= V2_HEADER && sealed[0] === V2 && Buffer.from(sealed.buffer, sealed.byteOffset + 1, KEY_ID_LEN).equals(newest.id),
    currentKeyId: newest.id.toString('hex'),
  };
}
