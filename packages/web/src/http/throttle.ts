import { sha256Hex } from '@upmon/crypto';
import type { Request } from 'express';
import type { Budget } from '@upmon/domain';
import type { WebContext } from '../web-context.js';
import { WebError } from './web-error.js';

const MINUTE = 60_000;

/**
 * Sign-in attempts (password, and e-mailed links, reset and invitation mail) are throttled per
 * address and per client in Redis, with the API's sliding-window limiter: shared by every api
 * replica. Addresses are named by their SHA-256 (no e-mail addresses in Redis).
 */
const LIMITS = {
  'sign-in': { perAddress: 10, perClient: 50, windowMs: 15 * MINUTE },
  mail: { perAddress: 5, perClient: 20, windowMs: 60 * MINUTE },
} as const;

export type ThrottleKind = keyof typeof LIMITS;

export function throttleBudgets(prefix: string, kind: ThrottleKind, email: string, client: string): Budget[] {
  const l = LIMITS[kind];
  return [
    { key: `${prefix}:ratelimit:web-${kind}:address:${sha256Hex(email)}`, limit: l.perAddress, windowMs: l.windowMs },
    { key: `${prefix}:ratelimit:web-${kind}:client:${client}`, limit: l.perClient, windowMs: l.windowMs },
  ];
}

/** Spends one attempt for (address, client), or throws a 429 page with Retry-After. */
export async function throttle(ctx: WebContext, req: Request, kind: ThrottleKind, email: string): Promise<void> {
  const client = ctx.clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']) ?? 'unknown';
  const d = await ctx.rateLimiter.hit(throttleBudgets(ctx.config.redisPrefix, kind, email, client));
  if (!d.allowed) {
    const minutes = Math.ceil(d.retryAfterSec / 60);
    throw new WebError(429, `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { 'Retry-After': String(d.retryAfterSec) });
  }
}
