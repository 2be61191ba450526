/** An outbound connection refused by the guard. `code` survives got's error wrapping. */
export class OutboundBlockedError extends Error {
  readonly code = 'EOUTBOUNDBLOCKED';

  constructor(
    readonly address: string,
    readonly reason: string,
    readonly hostname?: string,
  ) {
    super(
      `blocked ${hostname && hostname !== address ? `${hostname} (${address})` : address}: ${reason} address (not in OUTBOUND_ALLOW_CIDRS)`,
    );
    this.name = 'OutboundBlockedError';
  }
}
