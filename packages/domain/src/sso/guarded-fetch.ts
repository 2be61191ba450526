import got, { type Method } from 'got';
import type { OutboundGuard } from '@upmon/outbound';

/** The most an identity provider's answer (discovery, JWKS, token, metadata) may weigh. */
export const IDP_RESPONSE_MAX_BYTES = 1_000_000;
const TIMEOUT_MS = 10_000;

interface FetchInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * A Fetch API function over got and the outbound guard's agents (openid-client's `customFetch`,
 * SAML metadata): every connection is checked on the address actually connected to, redirects are
 * not followed (the caller sees them), answers are capped at IDP_RESPONSE_MAX_BYTES.
 */
export function guardedFetch(guard: OutboundGuard): (url: string, init?: FetchInit) => Promise<Response> {
  const client = guard.extend(got);
  return async (url, init = {}) => {
    const headers = init.headers instanceof Headers ? Object.fromEntries(init.headers.entries()) : { ...(init.headers ?? {}) };
    const body = init.body instanceof URLSearchParams ? init.body.toString() : typeof init.body === 'string' ? init.body : undefined;
    const request = client(url, {
      method: (init.method ?? 'GET') as Method,
      headers,
      body,
      followRedirect: false,
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: TIMEOUT_MS },
      responseType: 'buffer',
      ...(init.signal ? { signal: init.signal } : {}),
    });
    request.on('downloadProgress', (p: { transferred: number }) => {
      if (p.transferred > IDP_RESPONSE_MAX_BYTES) request.cancel(`answer over ${IDP_RESPONSE_MAX_BYTES} bytes`);
    });
    const res = await request;
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) for (const v of value) out.append(name, v);
      else if (value !== undefined) out.set(name, String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawBody), { status: res.statusCode, headers: out });
  };
}
