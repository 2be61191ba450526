/**
 * Who does something, for the audit log: a signed-in person (web app), an API key (REST and
 * Healthchecks APIs) or the operator (admin CLI); with the client's address where there is one.
 */
export type Actor =
  | { kind: 'user'; userId: string; email: string; client: string | null }
  | { kind: 'api_key'; apiKeyId: string; client: string | null }
  | { kind: 'operator' }
  /** An identity provider's SCIM client, by its token (docs/sso.md). */
  | { kind: 'scim'; tokenId: string; label: string; client: string | null }
  /** An identity provider's answer that signed nobody in (a refused SSO sign-in), by the address it asserted. */
  | { kind: 'identity_provider'; label: string; client: string | null };

/** The kinds of actor, as stored in `audit_events.actor_kind`. */
export const AUDIT_ACTOR_KINDS = ['user', 'api_key', 'operator', 'scim', 'identity_provider'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const OPERATOR: Actor = { kind: 'operator' };
