import { randomToken, sha256Hex } from './tokens.js';

export type ApiKeyKindName = 'rw' | 'ro';

/** Fixed prefix of every key: `upm_rw_<secret>` / `upm_ro_<secret>`. */
const PREFIX = 'upm';
const KEY_PATTERN = /^upm_(rw|ro)_([A-Za-z0-9_-]{22,64})$/;

export interface GeneratedApiKey {
  /** The full key: shown once, never stored. */
  key: string;
  /** Displayable start of the key, e.g. `upm_rw_AbCd`. */
  prefix: string;
  /** Hex SHA-256 of the key: what the database stores. */
  hash: string;
}

/** A new key with 192 bits of randomness. */
export function generateApiKey(kind: ApiKeyKindName): GeneratedApiKey {
  const key = `${PREFIX}_${kind}_${randomToken(24)}`;
  return { key, prefix: key.slice(0, PREFIX.length + 8), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** The kind a key claims by its shape, or null when it is not shaped like a key at all. */
export function parseApiKey(key: string): { kind: ApiKeyKindName } | null {
  const m = KEY_PATTERN.exec(key);
  return m ? { kind: m[1] as ApiKeyKindName } : null;
}
