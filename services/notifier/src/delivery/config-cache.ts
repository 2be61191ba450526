import { AAD, type Cipher } from '@upmon/crypto';

export type ChannelConfig = Readonly<Record<string, unknown>>;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Decrypts integration configs, remembering the last `maxEntries` by integration and ciphertext
 * (the integration is part of the key: the ciphertext is bound to it, so the same bytes under
 * another integration must be refused, not served from here): a burst to
 * one integration decrypted the same config once per delivery (AES-GCM setup and JSON parse were
 * ~4% of the notifier's CPU per flip). An edited config is a new ciphertext (fresh IV), so it is
 * decrypted anew and the old entry ages out. Entries are shared between deliveries, hence frozen
 * (channels only read them). Throws like `decryptJson` when the ciphertext does not open.
 */
export function createConfigDecryptor(cipher: Cipher, maxEntries = 1000): (integrationId: number, sealed: Uint8Array) => ChannelConfig {
  const cache = new Map<string, ChannelConfig>();
  return (integrationId, sealed) => {
    const key = `${integrationId}:${Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength).toString('base64')}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const config = deepFreeze(cipher.decryptJson<Record<string, unknown> | null>(sealed, AAD.integrationConfig(integrationId)) ?? {});
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
    cache.set(key, config);
    return config;
  };
}
