import { jest } from '@jest/globals';
import { AAD, createCipher } from '@upmon/crypto';
import { TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { createConfigDecryptor } from '../src/delivery/config-cache.js';

describe('createConfigDecryptor', () => {
  const cipher = createCipher(TEST_ENCRYPTION_KEY);
  const seal = (id: number, config: unknown) => cipher.encryptJson(config, AAD.integrationConfig(id));

  it('decrypts each ciphertext once, an edited config (new ciphertext) anew, and keeps a bounded number', () => {
    const decryptJson = jest.spyOn(cipher, 'decryptJson');
    const decrypt = createConfigDecryptor(cipher, 2);
    const a = seal(1, { url: 'https://a.example/hook', headers: { x: '1' } });
    const a2 = seal(1, { url: 'https://a.example/hook2' });
    const b = seal(2, { url: 'https://b.example/hook' });

    expect(decrypt(1, a)).toEqual({ url: 'https://a.example/hook', headers: { x: '1' } });
    expect(decrypt(1, new Uint8Array(a))).toBe(decrypt(1, a));
    expect(decryptJson).toHaveBeenCalledTimes(1);
    expect(decrypt(1, a2)).toEqual({ url: 'https://a.example/hook2' });
    expect(decrypt(2, b)).toEqual({ url: 'https://b.example/hook' });
    expect(decryptJson).toHaveBeenCalledTimes(3);
    decrypt(1, a); // evicted by b (oldest of two)
    expect(decryptJson).toHaveBeenCalledTimes(4);
  });

  it('shares frozen configs and throws on a ciphertext that does not open', () => {
    const decrypt = createConfigDecryptor(cipher);
    const config = decrypt(1, seal(1, { url: 'https://a.example/hook', headers: { x: '1' } }));
    expect(Object.isFrozen(config) && Object.isFrozen(config.headers)).toBe(true);
    expect(() => decrypt(1, createCipher(Buffer.alloc(32, 9).toString('base64')).encryptJson({ url: 'x' }, AAD.integrationConfig(1)))).toThrow();
  });

  it('refuses a config copied from another integration, even one it has cached', () => {
    const decrypt = createConfigDecryptor(cipher);
    const sealed = seal(1, { url: 'https://a.example/hook' });
    expect(decrypt(1, sealed)).toEqual({ url: 'https://a.example/hook' });
    expect(() => decrypt(2, sealed)).toThrow(/moved from another row or column/);
  });
});
