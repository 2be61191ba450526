/** Why an SSO sign-in (or SCIM call) was refused; kept in the audit log beside the message. */
export type SsoRefusalReason =
  | 'not_configured'
  | 'state'
  | 'idp_error'
  | 'issuer'
  | 'audience'
  | 'expired'
  | 'signature'
  | 'algorithm'
  | 'nonce'
  | 'email_unverified'
  | 'email_missing'
  | 'domain_unverified'
  | 'replay'
  | 'unsigned'
  | 'wrapping'
  | 'destination'
  | 'recipient'
  | 'in_response_to'
  | 'idp_initiated'
  | 'not_provisioned'
  | 'unreachable'
  | 'invalid_response';

/**
 * A refused SSO sign-in: `message` is what the person is shown (clear, no secrets, no token
 * contents); the reason goes to the audit log with it.
 */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoRefusalReason,
    message: string,
    /** The account whose IdP answered, when known (its audit log records the refusal). */
    readonly accountId: string | null = null,
    /** The address the IdP asserted, when there was one. */
    readonly email: string | null = null,
    /** The library's own words, for the operator's log only (never shown: they may quote the IdP). */
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'SsoRefusal';
  }
}
