import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for data at rest (ping bodies, integration configs).
 * Layout: version byte (1) | iv (12) | ciphertext | auth tag (16). The version byte leaves room
 * for key rotation.
 */
export interface Cipher {
  encrypt(plain: Buffer | string): Buffer;
  decrypt(sealed: Uint8Array): Buffer;
  encryptJson(value: unknown): Buffer;
  decryptJson<T = unknown>(sealed: Uint8Array): T;
}

const VERSION = 1;
const IV_LEN = 12;
const TAG_LEN = 16;

export function createCipher(base64Key: string): Cipher {
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== 32) throw new Error('encryption key must be 32 bytes (base64)');

  function encrypt(plain: Buffer | string): Buffer {
    const iv = randomBytes(IV_LEN);
    const c = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([c.update(typeof plain === 'string' ? Buffer.from(plain) : plain), c.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, body, c.getAuthTag()]);
  }

  function decrypt(sealed: Uint8Array): Buffer {
    const buf = Buffer.from(sealed);
    if (buf.length < 1 + IV_LEN + TAG_LEN || buf[0] !== VERSION) throw new Error('unrecognised ciphertext');
    const iv = buf.subarray(1, 1 + IV_LEN);
    const tag = buf.subarray(buf.length - TAG_LEN);
    const d = createDecipheriv('aes-256-gcm', key, iv);
    d.setAuthTag(tag);
    return Buffer.concat([d.update(buf.subarray(1 + IV_LEN, buf.length - TAG_LEN)), d.final()]);
  }

  return {
    encrypt,
    decrypt,
    encryptJson: (value) => encrypt(JSON.stringify(value)),
    decryptJson: <T>(sealed: Uint8Array) => JSON.parse(decrypt(sealed).toString('utf8')) as T,
  };
}
