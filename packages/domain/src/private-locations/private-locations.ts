import { generateLocationCode, generateLocationKey } from '@upmon/crypto';
import type { PrismaClient, PrivateLocation } from '@upmon/db';
import { ApiError } from '../errors.js';

/** Private locations an account may have at once (revoked ones do not count). */
export const PRIVATE_LOCATIONS_PER_ACCOUNT = 20;

export interface IssuedLocationKey {
  location: PrivateLocation;
  /** The full key: returned this once, only its hash is stored. */
  key: string;
}

/** The account's private locations, newest first (revoked ones too: they are history). */
export function listPrivateLocations(prisma: PrismaClient, accountId: string): Promise<PrivateLocation[]> {
  return prisma.privateLocation.findMany({ where: { accountId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
}

/** One of the account's private locations; 404 for another account's or an unknown one. */
export async function findPrivateLocation(prisma: PrismaClient, accountId: string, id: string): Promise<PrivateLocation> {
  const row = await prisma.privateLocation.findFirst({ where: { id, accountId } });
  if (!row) throw ApiError.notFound('location not found');
  return row;
}

/** A new private location and its key (shown once). 409 past PRIVATE_LOCATIONS_PER_ACCOUNT live ones. */
export async function createPrivateLocation(prisma: PrismaClient, accountId: string, name: string): Promise<IssuedLocationKey> {
  const live = await prisma.privateLocation.count({ where: { accountId, revokedAt: null } });
  if (live >= PRIVATE_LOCATIONS_PER_ACCOUNT)
    throw new ApiError('conflict', `an account has at most ${PRIVATE_LOCATIONS_PER_ACCOUNT} private locations; revoke one first`);
  const g = generateLocationKey();
  const location = await prisma.privateLocation.create({ data: { accountId, name, code: generateLocationCode(), keyPrefix: g.prefix, keyHash: g.hash } });
  return { location, key: g.key };
}

/**
 * A new key for the location; the old one keeps working for `graceSec` (0: refused at once), so
 * the prober's secret can be replaced without a gap. A key still in its grace from an earlier
 * rotation is dropped at once. 409 for a revoked location.
 */
export async function rotatePrivateLocationKey(prisma: PrismaClient, accountId: string, id: string, graceSec: number, now: Date): Promise<IssuedLocationKey> {
  const old = await findPrivateLocation(prisma, accountId, id);
  if (old.revokedAt) throw new ApiError('conflict', 'the location is revoked; create a new one');
  const g = generateLocationKey();
  const location = await prisma.privateLocation.update({
    where: { id: old.id },
    data: {
      keyPrefix: g.prefix,
      keyHash: g.hash,
      previousKeyHash: graceSec > 0 ? old.keyHash : null,
      previousKeyExpiresAt: graceSec > 0 ? new Date(now.getTime() + graceSec * 1000) : null,
    },
  });
  return { location, key: g.key };
}

/** Revokes the location at once: its key (and a rotated-out one) is refused from the next request. Idempotent. */
export async function revokePrivateLocation(prisma: PrismaClient, accountId: string, id: string, now: Date): Promise<PrivateLocation> {
  const row = await findPrivateLocation(prisma, accountId, id);
  if (row.revokedAt) return row;
  return prisma.privateLocation.update({ where: { id: row.id }, data: { revokedAt: now, previousKeyHash: null, previousKeyExpiresAt: null } });
}
