import { randomToken, sha256Hex } from '@upmon/crypto';
import type { Prisma, PrismaClient, UserTokenPurpose } from '@upmon/db';

type Db = PrismaClient | Prisma.TransactionClient;

const HOUR = 3_600_000;

/** How long each kind of one-time link works. */
export const TOKEN_TTL_MS = {
  /** Made by an operator (`user create`) and sent by hand: a week. */
  welcome: 7 * 24 * HOUR,
  /** Password reset by e-mail. */
  reset: HOUR,
  /** Sign-in link by e-mail. */
  signIn: 15 * 60_000,
  invitation: 7 * 24 * HOUR,
} as const;

/** The app path a one-time token is used at (the admin CLI and the web app agree through it). */
export function userTokenPath(purpose: UserTokenPurpose, token: string): string {
  return purpose === 'set_password' ? `/auth/password/${token}` : `/auth/link/${token}`;
}

export function invitationPath(token: string): string {
  return `/invitations/${token}`;
}

/** A new one-time token for the user: the clear token is returned once, only its SHA-256 is stored. */
export async function issueUserToken(db: Db, opts: { userId: string; purpose: UserTokenPurpose; ttlMs: number; now: Date }): Promise<string> {
  const token = randomToken(24);
  await db.userToken.create({
    data: { userId: opts.userId, purpose: opts.purpose, tokenHash: sha256Hex(token), expiresAt: new Date(opts.now.getTime() + opts.ttlMs) },
  });
  return token;
}

/** A token that may still be used: unused, unexpired, of that purpose. Does not consume it. */
export async function findUsableToken(db: Db, token: string, purpose: UserTokenPurpose, now: Date) {
  if (token.length > 100) return null;
  const row = await db.userToken.findUnique({ where: { tokenHash: sha256Hex(token) }, include: { user: true } });
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= now) return null;
  return row;
}

/**
 * Marks the token used, once: of two concurrent uses only one gets true (the UPDATE's WHERE is
 * the arbiter).
 */
export async function consumeToken(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const { count } = await db.userToken.updateMany({ where: { id: tokenId, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  return count === 1;
}

/**
 * Codes and security keys one pending sign-in may try at the second step. Then it dies and the
 * person starts again with their password (whose own failure budgets apply).
 */
export const SECOND_STEP_ATTEMPTS_PER_TOKEN = 5;

/**
 * Spends one second-step attempt of a pending sign-in, before the code is checked (so parallel
 * guesses cannot overrun the bound): the attempts now spent, or null when the token is used,
 * expired or has none left.
 */
export async function spendSecondStepAttempt(db: Db, tokenId: string, now: Date): Promise<number | null> {
  const rows = await db.userToken.updateManyAndReturn({
    where: { id: tokenId, purpose: 'two_factor', usedAt: null, expiresAt: { gt: now }, attempts: { lt: SECOND_STEP_ATTEMPTS_PER_TOKEN } },
    data: { attempts: { increment: 1 } },
    select: { attempts: true },
  });
  return rows[0]?.attempts ?? null;
}
