import type { ChannelOutcome, Clock } from '../channel-kind.js';
import type { HttpRequest, HttpSend } from './http-client.js';
import { expectSuccess } from './http-response.js';

/** Sends `body` as JSON and applies the common success rule (2xx; 408/429/5xx retried; other statuses permanent). */
export async function sendJson(
  deps: { http: HttpSend; clock: Clock },
  request: Omit<HttpRequest, 'body' | 'headers'> & { headers?: Record<string, string>; body: unknown },
): Promise<ChannelOutcome> {
  const res = await deps.http({
    ...request,
    headers: { 'content-type': 'application/json', ...request.headers },
    body: JSON.stringify(request.body),
  });
  return expectSuccess(res, deps.clock.now());
}
