import { randomToken, sha256Hex } from '@upmon/crypto';
import type { WebContext } from '../web-context.js';

/** A sign-up waiting for its address to be confirmed; the password only as its hash. */
export interface PendingSignUp {
  email: string;
  name: string;
  account: string;
  passwordHash: string;
}

/** How long the mailed confirmation link works. */
export const SIGN_UP_TTL_MS = 24 * 3_600_000;

const keyOf = (ctx: WebContext, token: string) => `${ctx.config.redisPrefix}:sign-up:${sha256Hex(token)}`;

/**
 * Pending sign-ups live in Redis, not in the users table (docs/web.md, "Sign-up"): nothing exists
 * under an address until its mailbox confirmed it, so nobody can squat an address they do not
 * read. Keyed by the SHA-256 of the link's token; gone after SIGN_UP_TTL_MS.
 */
export async function savePendingSignUp(ctx: WebContext, signUp: PendingSignUp): Promise<string> {
  const token = randomToken(24);
  await ctx.redis.set(keyOf(ctx, token), JSON.stringify(signUp), 'PX', SIGN_UP_TTL_MS);
  return token;
}

/** The pending sign-up of a link, left in place (the link's GET page). */
export async function peekPendingSignUp(ctx: WebContext, token: string): Promise<PendingSignUp | null> {
  const json = await ctx.redis.get(keyOf(ctx, token));
  return json === null ? null : (JSON.parse(json) as PendingSignUp);
}

/** The pending sign-up of a link, taken once (GETDEL): a second use of the link finds nothing. */
export async function takePendingSignUp(ctx: WebContext, token: string): Promise<PendingSignUp | null> {
  const json = await ctx.redis.getdel(keyOf(ctx, token));
  return json === null ? null : (JSON.parse(json) as PendingSignUp);
}
