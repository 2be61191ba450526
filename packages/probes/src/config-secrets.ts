/**
 * A probe config is stored in two halves: its settings as plain JSON (`<kind>_config`; SQL needs
 * some of them, such as confirmations), and the fields that can carry credentials (the kind's
 * `secretFields`: http's url, headers and basic_auth; tcp's bytes to send) AES-256-GCM encrypted
 * (`<kind>_secrets`).
 */
export interface SplitConfig {
  settings: Record<string, unknown>;
  /** null when the kind has no secret field set. */
  secrets: Record<string, unknown> | null;
}

export function splitConfig(config: Record<string, unknown>, secretFields: readonly string[]): SplitConfig {
  const settings: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) (secretFields.includes(key) ? secrets : settings)[key] = value;
  return { settings, secrets: Object.keys(secrets).length > 0 ? secrets : null };
}

/** The whole config from its stored halves; the decrypted secrets win where both have a field. */
export function joinConfig(settings: unknown, secrets: unknown): Record<string, unknown> {
  const asObject = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  return { ...asObject(settings), ...asObject(secrets) };
}
