/** Redirect hops followed before a probe fails (browsers allow ~20; monitoring needs far fewer). */
export const MAX_REDIRECTS = 5;

/** What a request error (got's RequestError around node's system error) carries that we read. */
export interface RequestFailure {
  code?: string;
  message?: string;
  cause?: unknown;
  options?: { url?: URL | string };
}

function hostOf(err: RequestFailure): string | null {
  try {
    const url = err.options?.url;
    return url ? new URL(String(url)).hostname.replace(/^\[(.*)\]$/, '$1') : null;
  } catch {
    return null;
  }
}

/**
 * The words of a failed request for the probe's ping body, which users read: node's message
 * (e.g. `connect EHOSTUNREACH 10.0.3.7:443`), with the address the host name resolved to replaced
 * by the host name. Users typed the name; what it resolves to inside our network is not theirs to
 * learn. An IP literal the user typed stays as it is. `host`: what the user typed, for errors that
 * carry no URL (TCP and TLS probes).
 */
export function failureDetail(err: RequestFailure, host?: string): string {
  if (err.code === 'ERR_TOO_MANY_REDIRECTS') return `too many redirects (more than ${MAX_REDIRECTS})`;
  let message = String(err.message ?? err)
    .replace(/^getaddrinfo /, '')
    .slice(0, 300);
  const system = (err.cause ?? err) as { address?: unknown; port?: unknown };
  if (host === undefined) host = hostOf(err) ?? undefined;
  if (typeof system.address === 'string' && system.address !== '' && system.address !== host) {
    const shown = host ?? 'the server';
    if (typeof system.port === 'number') message = message.split(`${system.address}:${system.port}`).join(`${shown}:${system.port}`);
    message = message.split(system.address).join(shown);
  }
  return message;
}
