import { permanentError, transientError } from '../delivery-error.js';
import type { HttpResponse } from './http-client.js';

/** Longest wait we honour from a provider's Retry-After (longer ones are capped). */
const MAX_RETRY_AFTER_MS = 3_600_000;

/** Retry-After in seconds or as an HTTP date, in ms from `now`. */
export function parseRetryAfter(value: string | string[] | undefined, now: Date): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.min(MAX_RETRY_AFTER_MS, Math.round(Number(v) * 1000));
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - now.getTime()));
}

/** What the receiver said, shortened for the delivery log. */
export function responseExcerpt(body: string, max = 200): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * 2xx passes; 408, 429 and 5xx are transient (retried, honouring Retry-After); any other status
 * (3xx, 4xx) is permanent.
 */
export function expectSuccess(res: HttpResponse, now: Date, retryAfterMs: number | null = null): { statusCode: number } {
  const { statusCode } = res;
  if (statusCode >= 200 && statusCode < 300) return { statusCode };
  const excerpt = responseExcerpt(res.body);
  const message = `HTTP ${statusCode}${excerpt ? `: ${excerpt}` : ''}`;
  if (statusCode === 408 || statusCode === 429 || statusCode >= 500) {
    throw transientError(message, statusCode, retryAfterMs ?? parseRetryAfter(res.headers['retry-after'], now));
  }
  throw permanentError(message, statusCode);
}
