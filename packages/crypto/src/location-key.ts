import { randomBytes } from 'node:crypto';
import { randomToken, sha256Hex } from './tokens.js';

/** Fixed prefix of every location key: `upl_<secret>`; never accepted as an API key (and the reverse). */
const PREFIX = 'upl';
const KEY_PATTERN = /^upl_[A-Za-z0-9_-]{22,64}$/;
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export interface GeneratedLocationKey {
  /** The full key: shown once, never stored. */
  key: string;
  /** Displayable start of the key, e.g. `upl_AbCd1234`. */
  prefix: string;
  /** Hex SHA-256 of the key: what the database stores. */
  hash: string;
}

/** A new private-location key with 192 bits of randomness. */
export function generateLocationKey(): GeneratedLocationKey {
  const key = `${PREFIX}_${randomToken(24)}`;
  return { key, prefix: key.slice(0, PREFIX.length + 9), hash: sha256Hex(key) };
}

/** The stored hash of a key shaped like a location key, or null for anything else (not looked up). */
export function locationKeyHash(key: string): string | null {
  return KEY_PATTERN.test(key) ? sha256Hex(key) : null;
}

/** A private location's code (its name in a check's `locations`): `p-` and 10 characters (50 bits), lowercase. */
export function generateLocationCode(): string {
  const bytes = randomBytes(10);
  return `p-${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}
