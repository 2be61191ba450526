import http from 'node:http';
import https from 'node:https';
import { createOutboundGuard } from '@upmon/outbound';
import { permanentError, transientError } from './delivery-error.js';

export interface HttpRequest {
  /** POST unless said otherwise (Matrix sends with PUT). */
  method?: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body: string;
  /**
   * true for every URL that comes from an integration's config (webhooks, chat webhooks, self-hosted
   * servers): the connection goes through the outbound guard (no private, loopback or metadata
   * addresses unless OUTBOUND_ALLOW_CIDRS). Provider endpoints from the operator's config
   * (PagerDuty, Twilio, Telegram, Opsgenie, Splunk On-Call, Pushover) are not guarded.
   */
  guarded: boolean;
  /** Basic auth (Twilio, Zulip). */
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

/** Enough of a provider's answer for the delivery log; the rest is read and dropped. */
const MAX_RESPONSE_BYTES = 64 * 1024;

type Agents = { http: http.Agent; https: https.Agent };

/**
 * Sends with node's http(s) directly (a delivery is one small POST: a general-purpose client cost
 * about half of the notifier's CPU per delivery in profiles). No redirects are followed (a
 * redirected POST would silently become a GET elsewhere: a 3xx is reported instead), no retries
 * (retries are the queue's, with backoff and a log entry each), one timeout for the whole
 * exchange. Keep-alive agents; the guarded ones check every connection's address.
 */
export function createHttpClient(options: { allowCidrs: readonly string[]; timeoutMs: number; userAgent?: string }): HttpClient {
  const guard = createOutboundGuard({ allowCidrs: options.allowCidrs, keepAlive: true });
  // The guard's agents are node Agents (got's type also allows `false`).
  const guarded: Agents = { http: guard.agents.http as http.Agent, https: guard.agents.https as https.Agent };
  const plain: Agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const userAgent = options.userAgent ?? 'upmon-notifier/1.0';

  function exchange(url: URL, request: HttpRequest, agents: Agents): Promise<HttpResponse> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = {
        'user-agent': userAgent,
        ...request.headers,
        'content-length': String(Buffer.byteLength(request.body)),
      };
      if (request.username !== undefined) {
        headers.authorization = `Basic ${Buffer.from(`${request.username}:${request.password ?? ''}`).toString('base64')}`;
      }
      const isHttps = url.protocol === 'https:';
      const req = (isHttps ? https : http).request(url, { method: request.method ?? 'POST', headers, agent: isHttps ? agents.https : agents.http }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_RESPONSE_BYTES) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_RESPONSE_BYTES) });
        });
        res.on('error', fail);
      });
      const timer = setTimeout(() => {
        req.destroy(Object.assign(new Error(`timed out after ${options.timeoutMs} ms`), { code: 'ETIMEDOUT' }));
      }, options.timeoutMs);
      function fail(err: Error) {
        clearTimeout(timer);
        reject(err);
      }
      req.on('error', fail);
      req.end(request.body);
    });
  }

  async function send(request: HttpRequest): Promise<HttpResponse> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      throw permanentError('invalid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw permanentError(`unsupported URL scheme ${url.protocol}`);
    try {
      return await exchange(url, request, request.guarded ? guarded : plain);
    } catch (err) {
      const e = err as { code?: string; message?: string };
      const code = e.code ?? '';
      // Messages name the failure, never the URL (it may carry a token, e.g. Telegram's).
      const reason = code === 'ETIMEDOUT' ? (e.message ?? 'timed out') : `${code || 'ERROR'}: ${e.message ?? String(err)}`;
      if (PERMANENT_CODES.has(code)) throw permanentError(reason);
      throw transientError(reason);
    }
  }

  return {
    send,
    close() {
      guard.destroy();
      plain.http.destroy();
      plain.https.destroy();
    },
  };
}
