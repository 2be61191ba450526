import { jest } from '@jest/globals';
import { createCipher } from '@upmon/crypto';
import { TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { createConfigDecryptor } from '../src/delivery/config-cache.js';

describe('createConfigDecryptor', () => {
  const cipher = createCipher(TEST_ENCRYPTION_KEY);

  it('decrypts each ciphertext once, an edited config (new ciphertext) anew, and keeps a bounded number', () => {
    const decryptJson = jest.spyOn(cipher, 'decryptJson');
    const decrypt = createConfigDecryptor(cipher, 2);
    const a = cipher.encryptJson({ url: 'https://a.example/hook', headers: { x: '1' } });
    const a2 = cipher.encryptJson({ url: 'https://a.example/hook2' });
    const b = cipher.encryptJson({ url: 'https://b.example/hook' });

    expect(decrypt(a)).toEqual({ url: 'https://a.example/hook', headers: { x: '1' } });
    expect(decrypt(new Uint8Array(a))).toBe(decrypt(a));
    expect(decryptJson).toHaveBeenCalledTimes(1);
    expect(decrypt(a2)).toEqual({ url: 'https://a.example/hook2' });
    expect(decrypt(b)).toEqual({ url: 'https://b.example/hook' });
    expect(decryptJson).toHaveBeenCalledTimes(3);
    decrypt(a); // evicted by b (oldest of two)
    expect(decryptJson).toHaveBeenCalledTimes(4);
  });

  it('shares frozen configs and throws on a ciphertext that does not open', () => {
    const decrypt = createConfigDecryptor(cipher);
    const config = decrypt(cipher.encryptJson({ url: 'https://a.example/hook', headers: { x: '1' } }));
    expect(Object.isFrozen(config) && Object.isFrozen(config.headers)).toBe(true);
    expect(() => decrypt(createCipher(Buffer.alloc(32, 9).toString('base64')).encryptJson({ url: 'x' }))).toThrow();
  });
});
