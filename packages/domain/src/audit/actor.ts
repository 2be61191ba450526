/**
 * Who does something, for the audit log: a signed-in person (web app), an API key (REST and
 * Healthchecks APIs) or the operator (admin CLI); with the client's address where there is one.
 */
export type Actor =
  { kind: 'user'; userId: string; email: string; client: string | null } | { kind: 'api_key'; apiKeyId: string; client: string | null } | { kind: 'operator' };

export const OPERATOR: Actor = { kind: 'operator' };
