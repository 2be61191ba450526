/** An error and its causes, outermost first (got, openid-client and oauth4webapi each wrap the one below). */
export function errorChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e: unknown = err; e && chain.length < 6; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/** The outbound guard refused a connection somewhere below `err` (its code survives got's wrapping). */
export function blockedByGuard(err: unknown): boolean {
  return errorChain(err).some((e) => (e as { code?: unknown }).code === 'EOUTBOUNDBLOCKED');
}
