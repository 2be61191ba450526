import type { Prisma, PrismaClient } from '@upmon/db';
import { replaceRecoveryCodes } from './two-factor.js';

type Db = PrismaClient | Prisma.TransactionClient;

/** How long a registration challenge (put in the viewer's session) may be answered. */
export const REGISTRATION_CHALLENGE_TTL_MS = 5 * 60_000;

export interface StoredSecurityKey {
  id: string;
  name: string;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The person's security keys, oldest first. */
export async function securityKeysOf(db: Db, userId: string): Promise<StoredSecurityKey[]> {
  const rows = await db.securityKey.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
  return rows.map((r) => ({ ...r, publicKey: new Uint8Array(r.publicKey), counter: Number(r.counter) }));
}

/**
 * Keeps a newly registered key. The person's first second factor also gets recovery codes
 * (returned, shown once); with TOTP or codes already there, null.
 */
export async function addSecurityKey(
  db: PrismaClient,
  userId: string,
  key: { name: string; credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] },
): Promise<string[] | null> {
  return db.$transaction(async (tx) => {
    await tx.securityKey.create({ data: { userId, ...key, publicKey: new Uint8Array(key.publicKey), counter: BigInt(key.counter) } });
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecret: true } });
    if (user.totpSecret || (await tx.recoveryCode.count({ where: { userId, usedAt: null } })) > 0) return null;
    return replaceRecoveryCodes(tx, userId);
  });
}

/**
 * Removes one of the person's keys and returns its name; null when it is not theirs (or already
 * gone). The last second factor going takes the recovery codes with it (two-factor is then off).
 */
export async function removeSecurityKey(db: PrismaClient, userId: string, keyId: string): Promise<string | null> {
  return db.$transaction(async (tx) => {
    const key = await tx.securityKey.findFirst({ where: { id: keyId, userId }, select: { name: true } });
    if (!key) return null;
    await tx.securityKey.deleteMany({ where: { id: keyId, userId } });
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecret: true, _count: { select: { securityKeys: true } } } });
    if (!user.totpSecret && user._count.securityKeys === 0) await tx.recoveryCode.deleteMany({ where: { userId } });
    return key.name;
  });
}

/**
 * Records a verified assertion: the counter only moves forward (of two concurrent uses of one
 * signature, one wins). False when the counter did not move on (a cloned key, or a replay).
 */
export async function recordSecurityKeyUse(db: Db, keyId: string, oldCounter: number, newCounter: number, now: Date): Promise<boolean> {
  if (oldCounter === 0 && newCounter === 0) {
    await db.securityKey.update({ where: { id: keyId }, data: { lastUsedAt: now } });
    return true;
  }
  const { count } = await db.securityKey.updateMany({
    where: { id: keyId, counter: { lt: BigInt(newCounter) } },
    data: { counter: BigInt(newCounter), lastUsedAt: now },
  });
  return count === 1;
}

/** Puts a registration challenge in the session (replacing any earlier one). */
export async function setRegistrationChallenge(db: Db, sessionId: string, challenge: string, now: Date): Promise<void> {
  await db.session.update({
    where: { id: sessionId },
    data: { webauthnChallenge: challenge, webauthnChallengeExpiresAt: new Date(now.getTime() + REGISTRATION_CHALLENGE_TTL_MS) },
  });
}

/** Takes the session's registration challenge: once, and only before it expires. */
export async function takeRegistrationChallenge(db: Db, sessionId: string, now: Date): Promise<string | null> {
  const row = await db.session.findUnique({ where: { id: sessionId }, select: { webauthnChallenge: true, webauthnChallengeExpiresAt: true } });
  if (!row?.webauthnChallenge) return null;
  const { count } = await db.session.updateMany({
    where: { id: sessionId, webauthnChallenge: row.webauthnChallenge },
    data: { webauthnChallenge: null, webauthnChallengeExpiresAt: null },
  });
  return count === 1 && row.webauthnChallengeExpiresAt && row.webauthnChallengeExpiresAt > now ? row.webauthnChallenge : null;
}

/** Puts a sign-in challenge on the pending second step's token (replacing any earlier one). */
export async function setSignInChallenge(db: Db, tokenId: string, challenge: string): Promise<void> {
  await db.userToken.update({ where: { id: tokenId }, data: { webauthnChallenge: challenge } });
}

/** Takes the pending sign-in's challenge, once (the token's own expiry bounds it). */
export async function takeSignInChallenge(db: Db, tokenId: string): Promise<string | null> {
  const row = await db.userToken.findUnique({ where: { id: tokenId }, select: { webauthnChallenge: true } });
  if (!row?.webauthnChallenge) return null;
  const { count } = await db.userToken.updateMany({ where: { id: tokenId, webauthnChallenge: row.webauthnChallenge }, data: { webauthnChallenge: null } });
  return count === 1 ? row.webauthnChallenge : null;
}
