import { randomUUID } from 'node:crypto';
import { sha256Hex } from '@upmon/crypto';
import type { Request } from 'express';
import { passwordFailureBudgets, secondStepFailureBudgets, type Budget } from '@upmon/domain';
import { clientBudgetName } from '@upmon/service-kit';
import { consumeToken, SECOND_STEP_ATTEMPTS_PER_TOKEN, spendSecondStepAttempt } from '@upmon/user-store';
import type { WebContext } from '../web-context.js';
import { WebError } from './web-error.js';

const MINUTE = 60_000;

/**
 * Sign-ups and e-mailed links (sign-in links, resets, invitations) are throttled per address and
 * per client in Redis, with the API's sliding-window limiter: shared by every api replica.
 * Addresses are named by their SHA-256 (no e-mail addresses in Redis). Password checks have
 * budgets of their own that count only failures (`checkPasswordThrottled`).
 */
const LIMITS = {
  'sign-up': { perAddress: 10, perClient: 50, windowMs: 15 * MINUTE },
  mail: { perAddress: 5, perClient: 20, windowMs: 60 * MINUTE },
  // "Continue with SSO" lookups (which account verified a domain): generous for people, not for enumeration.
  'sso-lookup': { perAddress: 30, perClient: 120, windowMs: 15 * MINUTE },
  // Status page subscriptions (docs/status-pages.md): each may mail a confirmation link to the address.
  subscribe: { perAddress: 3, perClient: 20, windowMs: 60 * MINUTE },
} as const;

export type ThrottleKind = keyof typeof LIMITS;

export function throttleBudgets(prefix: string, kind: ThrottleKind, email: string, client: string): Budget[] {
  const l = LIMITS[kind];
  return [
    { key: `${prefix}:ratelimit:web-${kind}:address:${sha256Hex(email)}`, limit: l.perAddress, windowMs: l.windowMs },
    { key: `${prefix}:ratelimit:web-${kind}:client:${client}`, limit: l.perClient, windowMs: l.windowMs },
  ];
}

const clientOf = (ctx: WebContext, req: Request) => clientBudgetName(ctx.clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']));

function tooManyAttempts(retryAfterSec: number): WebError {
  const minutes = Math.ceil(retryAfterSec / 60);
  return new WebError(429, `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { 'Retry-After': String(retryAfterSec) });
}

/** Spends one attempt for (address, client), or throws a 429 page with Retry-After. */
export async function throttle(ctx: WebContext, req: Request, kind: ThrottleKind, email: string): Promise<void> {
  const d = await ctx.rateLimiter.hit(throttleBudgets(ctx.config.redisPrefix, kind, email, clientOf(ctx, req)));
  if (!d.allowed) throw tooManyAttempts(d.retryAfterSec);
}

/**
 * Runs `check` (a password comparison for `email`) under the failure budgets of (address, client)
 * and of the client: a 429 page when either is used up. The attempt is spent before the check, so
 * parallel guesses cannot overrun the budget, and refunded when the password was right; a right
 * password also clears the pair's earlier failures (a typo or two are forgotten once it works).
 * So only failures count: a busy NAT's successful sign-ins never throttle it, and another
 * client's failures never refuse the owner's right password.
 */
export async function checkPasswordThrottled(ctx: WebContext, req: Request, email: string, check: () => Promise<boolean>): Promise<boolean> {
  const [pair, client] = passwordFailureBudgets(ctx.config.redisPrefix, sha256Hex(email), clientOf(ctx, req)) as [Budget, Budget];
  const attempt = randomUUID();
  const d = await ctx.rateLimiter.hit([pair, client], attempt);
  if (!d.allowed) throw tooManyAttempts(d.retryAfterSec);
  const ok = await check();
  if (ok) await Promise.all([ctx.rateLimiter.refund([client], attempt), ctx.rateLimiter.forget([pair])]);
  return ok;
}

/**
 * What a second-step attempt came to: `last-wrong` was wrong and the pending sign-in's last
 * attempt (it is now dead); `used-up`: the pending sign-in was dead already (nothing was checked).
 */
export type SecondStepOutcome = 'right' | 'wrong' | 'last-wrong' | 'used-up';

/**
 * Runs `check` (a code or a security key at the second sign-in step of `pending`) under the
 * password failure budgets (of the (address, client) pair and the client), the person's own
 * second-step budget (across every client and pending sign-in) and the pending sign-in's bound of
 * SECOND_STEP_ATTEMPTS_PER_TOKEN (then it dies: the person starts again with their password).
 * As for passwords, attempts are spent before the check and only failures count.
 */
export async function checkSecondStepThrottled(
  ctx: WebContext,
  req: Request,
  pending: { id: string; userId: string; user: { email: string } },
  check: () => Promise<boolean>,
): Promise<SecondStepOutcome> {
  const [pair, client] = passwordFailureBudgets(ctx.config.redisPrefix, sha256Hex(pending.user.email), clientOf(ctx, req)) as [Budget, Budget];
  const person = secondStepFailureBudgets(ctx.config.redisPrefix, pending.userId);
  const attempt = randomUUID();
  const d = await ctx.rateLimiter.hit([pair, client, ...person], attempt);
  if (!d.allowed) throw tooManyAttempts(d.retryAfterSec);
  const spent = await spendSecondStepAttempt(ctx.prisma, pending.id, ctx.clock.now());
  if (spent === null) {
    await ctx.rateLimiter.refund([pair, client, ...person], attempt);
    return 'used-up';
  }
  if (await check()) {
    // The person's earlier failures stay: the owner signing in must not give a guesser a fresh budget.
    await Promise.all([ctx.rateLimiter.refund([client, ...person], attempt), ctx.rateLimiter.forget([pair])]);
    return 'right';
  }
  if (spent < SECOND_STEP_ATTEMPTS_PER_TOKEN) return 'wrong';
  await consumeToken(ctx.prisma, pending.id, ctx.clock.now());
  return 'last-wrong';
}

/**
 * A new password (reset or changed) makes the old one useless to whoever spent the person's
 * second-step budget: forget it, so the person is not refused at their own second step.
 */
export async function forgetSecondStepFailures(ctx: WebContext, userId: string): Promise<void> {
  await ctx.rateLimiter.forget(secondStepFailureBudgets(ctx.config.redisPrefix, userId));
}
