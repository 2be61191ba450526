/**
 * An outbound connection refused by the guard. `code` survives got's error wrapping. The message
 * names what the user typed (the host name, or the IP literal) but never the address a name
 * resolved to: probe failures are shown to users, and resolved internal addresses are not theirs
 * to learn. `address` keeps it for logs.
 */
export class OutboundBlockedError extends Error {
  readonly code = 'EOUTBOUNDBLOCKED';

  constructor(
    readonly address: string,
    readonly reason: string,
    readonly hostname?: string,
  ) {
    super(`blocked ${hostname || address}: ${reason} address (${reason === 'cloud metadata' ? 'never allowed' : 'not in OUTBOUND_ALLOW_CIDRS'})`);
    this.name = 'OutboundBlockedError';
  }
}
