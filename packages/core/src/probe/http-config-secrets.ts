/**
 * The http_config fields that can carry a credential: the URL (userinfo, tokens in the query),
 * request headers (Authorization, API keys) and basic_auth. They are stored encrypted, like
 * integration configs; the other settings stay readable JSON because SQL needs some of them
 * (confirmations) and none of them is secret.
 */
export const HTTP_CONFIG_SECRET_FIELDS = ['url', 'headers', 'basic_auth'] as const;

export interface SplitHttpConfig {
  /** Stored as plain JSON (checks.http_config). */
  settings: Record<string, unknown>;
  /** Stored encrypted (checks.http_secrets). */
  secrets: Record<string, unknown>;
}

const SECRET = new Set<string>(HTTP_CONFIG_SECRET_FIELDS);

export function splitHttpConfig(config: Record<string, unknown>): SplitHttpConfig {
  const settings: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) (SECRET.has(key) ? secrets : settings)[key] = value;
  return { settings, secrets };
}

/**
 * The whole http_config from its two stored halves. A row written before secrets were split off
 * has them inside `settings`; the decrypted secrets win where both have a field.
 */
export function joinHttpConfig(settings: unknown, secrets: unknown): Record<string, unknown> {
  const asObject = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  return { ...asObject(settings), ...asObject(secrets) };
}
