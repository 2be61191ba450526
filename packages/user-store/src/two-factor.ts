import { randomBytes } from 'node:crypto';
import { AAD, sha256Hex, type Cipher } from '@upmon/crypto';
import type { Prisma, PrismaClient } from '@upmon/db';
import { Secret, TOTP } from 'otpauth';

type Db = PrismaClient | Prisma.TransactionClient;

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** A code of the step before or after the current one is accepted too (clocks drift). */
const TOTP_WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpOf(secretBase32: string, email: string): TOTP {
  return new TOTP({ issuer: 'upmon', label: email, secret: Secret.fromBase32(secretBase32), ...TOTP_SETTINGS });
}

const step = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_SETTINGS.period);

/** The code of `secretBase32` at `now` (tests, and nothing else, compute codes). */
export function totpCodeAt(secretBase32: string, now: Date): string {
  return totpOf(secretBase32, 'x').generate({ timestamp: now.getTime() });
}

/** The time step `code` belongs to (within the window), or null. */
function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32, 'x').validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : step(now) + delta;
}

/**
 * Starts setting up TOTP: a new 160-bit secret, kept encrypted as pending until a code from the
 * app confirms it. Returns the secret (base32, for typing in) and the otpauth:// URI.
 */
export async function startTotpSetup(db: Db, cipher: Cipher, user: { id: string; email: string }): Promise<{ secret: string; uri: string }> {
  const secret = new Secret({ size: 20 }).base32;
  await db.user.update({ where: { id: user.id }, data: { totpPendingSecret: new Uint8Array(cipher.encrypt(secret, AAD.userTotpSecret(user.id))) } });
  return { secret, uri: totpOf(secret, user.email).toString() };
}

/** The pending secret being set up (to show it again), or null. */
export async function pendingTotpSecret(db: Db, cipher: Cipher, user: { id: string; email: string }): Promise<{ secret: string; uri: string } | null> {
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpPendingSecret: true } });
  if (!row.totpPendingSecret) return null;
  const secret = cipher.decrypt(row.totpPendingSecret, AAD.userTotpSecret(user.id)).toString();
  return { secret, uri: totpOf(secret, user.email).toString() };
}

/**
 * Confirms the pending secret with a code from the app: TOTP is on from then, and fresh recovery
 * codes are returned (shown once). Null when the code is wrong or nothing is pending.
 */
export async function confirmTotpSetup(db: PrismaClient, cipher: Cipher, userId: string, code: string, now: Date): Promise<string[] | null> {
  const row = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpPendingSecret: true } });
  if (!row.totpPendingSecret) return null;
  const secret = cipher.decrypt(row.totpPendingSecret, AAD.userTotpSecret(userId)).toString();
  const matched = matchingStep(secret, code.trim(), now);
  if (matched === null) return null;
  return db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: matched } });
    return replaceRecoveryCodes(tx, userId);
  });
}

/** New recovery codes (the old ones stop working); only their hashes are kept. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.recoveryCode.deleteMany({ where: { userId } });
  await db.recoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })) });
  return codes;
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Case, spaces and the dash do not matter when a code is typed. */
const recoveryCodeHash = (code: string) => sha256Hex(code.toLowerCase().replace(/[\s-]/g, ''));

/**
 * The second step of a sign-in: a TOTP code (each time step once: a code seen by someone
 * looking over a shoulder cannot be used again) or an unused recovery code (used up).
 */
export async function verifySecondFactor(db: PrismaClient, cipher: Cipher, userId: string, input: string, now: Date): Promise<'totp' | 'recovery_code' | null> {
  const code = input.trim().slice(0, 40);
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecret: true } });
  if (!user.totpSecret) return null;
  if (/^\d{6}$/.test(code)) {
    const matched = matchingStep(cipher.decrypt(user.totpSecret, AAD.userTotpSecret(userId)).toString(), code, now);
    if (matched === null) return null;
    const { count } = await db.user.updateMany({
      where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: matched } }] },
      data: { totpLastStep: matched },
    });
    return count === 1 ? 'totp' : null;
  }
  const { count } = await db.recoveryCode.updateMany({ where: { userId, codeHash: recoveryCodeHash(code), usedAt: null }, data: { usedAt: now } });
  return count === 1 ? 'recovery_code' : null;
}

/** Turns two-factor authentication off (lost device: an owner, the operator, or the person). */
export async function removeTwoFactor(db: Db, userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { totpSecret: null, totpPendingSecret: null, totpLastStep: null } });
  await db.recoveryCode.deleteMany({ where: { userId } });
}

/** Recovery codes still unused. */
export function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}
