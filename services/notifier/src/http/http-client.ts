import got, { type Got, RequestError } from 'got';
import http from 'node:http';
import https from 'node:https';
import { createOutboundGuard } from '@upmon/outbound';
import { permanentError, transientError } from '../delivery-error.js';

export interface HttpRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /**
   * true for URLs a user typed (webhook, Slack, Discord, Mattermost): the connection goes through
   * the outbound guard (no private, loopback or metadata addresses unless OUTBOUND_ALLOW_CIDRS).
   * Provider endpoints from the operator's config (PagerDuty, Twilio, Telegram) are not guarded.
   */
  guarded: boolean;
  /** Basic auth (Twilio). */
  username?: string;
  password?: string;
}

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The one function every channel sends HTTP through. Throws DeliveryError on network failures. */
export type HttpSend = (request: HttpRequest) => Promise<HttpResponse>;

export interface HttpClient {
  send: HttpSend;
  close(): void;
}

/** Network errors that no retry can fix. Everything else (refused, reset, timeout, DNS) is transient. */
const PERMANENT_CODES = new Set(['EOUTBOUNDBLOCKED', 'ERR_INVALID_URL', 'ERR_UNSUPPORTED_PROTOCOL']);

export function createHttpClient(options: { allowCidrs: readonly string[]; timeoutMs: number; userAgent?: string }): HttpClient {
  const guard = createOutboundGuard({ allowCidrs: options.allowCidrs, keepAlive: true });
  const plainAgents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const base = got.extend({
    timeout: { request: options.timeoutMs },
    retry: { limit: 0 }, // retries are the queue's job, with backoff and a log entry per attempt
    throwHttpErrors: false,
    // A redirected POST would silently become a GET elsewhere: a 3xx is reported, not followed.
    followRedirect: false,
    headers: { 'user-agent': options.userAgent ?? 'upmon-notifier/1.0' },
  });
  const guarded: Got = guard.extend(base);
  const plain: Got = base.extend({ agent: plainAgents, http2: false });

  async function send(request: HttpRequest): Promise<HttpResponse> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      throw permanentError('invalid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw permanentError(`unsupported URL scheme ${url.protocol}`);
    const client = request.guarded ? guarded : plain;
    try {
      const res = await client.post(url, {
        headers: request.headers,
        body: request.body,
        ...(request.username !== undefined ? { username: request.username, password: request.password ?? '' } : {}),
      });
      return { statusCode: res.statusCode, headers: res.headers, body: res.body };
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      // Messages name the failure, never the URL (it may carry a token, e.g. Telegram's).
      const reason = err instanceof RequestError ? describeRequestError(err) : (err as Error).message;
      if (PERMANENT_CODES.has(code)) throw permanentError(reason);
      throw transientError(reason);
    }
  }

  return {
    send,
    close() {
      guard.destroy();
      plainAgents.http.destroy();
      plainAgents.https.destroy();
    },
  };
}

function describeRequestError(err: RequestError): string {
  if (err.name === 'TimeoutError') return `timed out (${err.code})`;
  const cause = (err.cause as Error | undefined)?.message;
  return `${err.code ?? 'ERROR'}: ${cause ?? err.message}`;
}
