import { permanentError, transientError } from './delivery-error.js';
import type { HttpResponse } from './http-client.js';

/** Longest wait we honour from a provider's Retry-After (longer ones are capped). */
const MAX_RETRY_AFTER_MS = 3_600_000;

/** Retry-After in seconds or as an HTTP date, in ms from `now`. */
export function parseRetryAfter(value: string | string[] | undefined, now: Date): number | null {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v || v.length > 64) return null;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.min(MAX_RETRY_AFTER_MS, Math.round(Number(v) * 1000));
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - now.getTime()));
}

/** A wait a provider put in its body (Telegram's retry_after, Matrix's retry_after_ms), capped like Retry-After. */
export function cappedRetryAfterMs(ms: unknown): number | null {
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? Math.min(MAX_RETRY_AFTER_MS, Math.round(ms)) : null;
}

/** What the receiver said, shortened for the delivery log. */
export function responseExcerpt(body: string, max = 200): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Where providers put the reason in a JSON error body (Gotify, Opsgenie, Zulip, Matrix, ntfy, Pushover, Discord…). */
const MESSAGE_KEYS = ['errorDescription', 'message', 'msg', 'error', 'errors', 'description'] as const;

/** A JSON body as an object, or null (bodies are capped by the client, so parsing is bounded). */
export function jsonBody(body: string): Record<string, unknown> | null {
  if (!body.trimStart().startsWith('{')) return null;
  try {
    const v: unknown = JSON.parse(body);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The provider's own explanation for the delivery log: the first message-like field of a JSON
 * error body (a string, or a list of strings), else the body itself, shortened.
 */
export function providerMessage(body: string): string {
  const json = jsonBody(body);
  if (json) {
    // Some wrap it one level down: `{"error": {"code": …, "message": …}}` (Microsoft's APIs).
    const nested = json.error && typeof json.error === 'object' ? (json.error as Record<string, unknown>).message : undefined;
    if (typeof nested === 'string' && nested.trim()) return responseExcerpt(nested);
    for (const key of MESSAGE_KEYS) {
      const v = json[key];
      if (typeof v === 'string' && v.trim()) return responseExcerpt(v);
      if (Array.isArray(v) && v.length > 0 && v.every((e) => typeof e === 'string')) return responseExcerpt(v.join('; '));
    }
  }
  return responseExcerpt(body);
}

/**
 * 2xx passes; 408, 429 and 5xx are transient (retried, honouring Retry-After or the wait the
 * provider put in its body); any other status (3xx, 4xx) is permanent. The error carries the
 * provider's message.
 */
export function expectSuccess(res: HttpResponse, now: Date, retryAfterMs: number | null = null): { statusCode: number } {
  const { statusCode } = res;
  if (statusCode >= 200 && statusCode < 300) return { statusCode };
  const said = providerMessage(res.body);
  const message = `HTTP ${statusCode}${said ? `: ${said}` : ''}`;
  if (statusCode === 408 || statusCode === 429 || statusCode >= 500) {
    throw transientError(message, statusCode, retryAfterMs ?? parseRetryAfter(res.headers['retry-after'], now));
  }
  throw permanentError(message, statusCode);
}
