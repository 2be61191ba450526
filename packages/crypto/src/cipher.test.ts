import { createCipheriv, randomBytes } from 'node:crypto';
import { AAD } from './aad.js';
import { createCipher, keyIdOf } from './cipher.js';

const OLD = Buffer.alloc(32, 1).toString('base64');
const NEW = Buffer.alloc(32, 2).toString('base64');
const CHECK = '0b7f3c1e-2a4d-4c6b-9e8f-1a2b3c4d5e6f';

/** A ciphertext as written before key rotation: version 1 | iv | ciphertext | tag, no AAD. */
function layout1(key: string, plain: string): Buffer {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64'), iv);
  const body = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([Buffer.from([1]), iv, body, c.getAuthTag()]);
}

describe('cipher', () => {
  it('round-trips, bound to its row and column', () => {
    const cipher = createCipher(NEW);
    const sealed = cipher.encrypt('backup ok', AAD.pingBody(CHECK));
    expect(sealed[0]).toBe(2);
    expect(sealed.subarray(1, 5)).toEqual(keyIdOf(Buffer.from(NEW, 'base64')));
    expect(cipher.decrypt(sealed, AAD.pingBody(CHECK)).toString()).toBe('backup ok');
    expect(cipher.decrypt(sealed, AAD.pingBody(CHECK.toUpperCase())).toString()).toBe('backup ok');
    expect(() => cipher.decrypt(sealed, AAD.pingBody('11111111-2a4d-4c6b-9e8f-1a2b3c4d5e6f'))).toThrow(/moved from another row or column/);
    expect(() => cipher.decrypt(sealed, AAD.checkHttpSecrets(CHECK))).toThrow(/does not authenticate/);
    expect(cipher.decryptJson(cipher.encryptJson({ a: 1 }, AAD.integrationConfig(7)), AAD.integrationConfig(7))).toEqual({ a: 1 });
    expect(() => cipher.decryptJson(cipher.encryptJson({ a: 1 }, AAD.integrationConfig(7)), AAD.integrationConfig(8))).toThrow();
  });

  it('writes with the newest key and reads with any configured one', () => {
    const before = createCipher(OLD);
    const after = createCipher([NEW, OLD]);
    const old = before.encrypt('old', AAD.pingBody(CHECK));
    expect(after.decrypt(old, AAD.pingBody(CHECK)).toString()).toBe('old');
    const fresh = after.encrypt('new', AAD.pingBody(CHECK));
    expect(after.isCurrent(fresh)).toBe(true);
    expect(after.isCurrent(old)).toBe(false);
    expect(after.currentKeyId).toBe(keyIdOf(Buffer.from(NEW, 'base64')).toString('hex'));
    // Once the old key is dropped, its ciphertexts are refused with a message naming the key id.
    expect(() => createCipher([NEW]).decrypt(old, AAD.pingBody(CHECK))).toThrow(`key ${before.currentKeyId}, which is not configured`);
  });

  it('still reads data written before rotation (no key id, no AAD) with any configured key', () => {
    const legacy = layout1(OLD, 'written by an older version');
    const cipher = createCipher([NEW, OLD]);
    expect(cipher.decrypt(legacy, AAD.pingBody(CHECK)).toString()).toBe('written by an older version');
    expect(cipher.isCurrent(legacy)).toBe(false);
    expect(() => createCipher(NEW).decrypt(legacy, AAD.pingBody(CHECK))).toThrow(/none of the configured keys/);
  });

  it('refuses garbage and bad keys', () => {
    const cipher = createCipher(NEW);
    for (const junk of [Buffer.alloc(0), Buffer.from([2, 1, 2]), Buffer.from('not a ciphertext of this key')]) {
      expect(() => cipher.decrypt(junk, 'x')).toThrow();
      expect(cipher.isCurrent(junk)).toBe(false);
    }
    expect(() => createCipher('short')).toThrow('32 bytes');
    expect(() => createCipher([])).toThrow('at least one');
  });
});
