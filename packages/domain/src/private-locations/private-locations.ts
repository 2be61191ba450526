import { generateLocationCode, generateLocationKey } from '@upmon/crypto';
import { Prisma, type PrismaClient, type PrivateLocation } from '@upmon/db';
import type { KeysetRead } from '../lists/keyset-walk.js';
import { inKeyOrder, newestFirstKeys } from '../lists/newest-first-keys.js';
import { presentPrivateLocation } from './private-location-presenter.js';
import { recordAuditEvent, type AuditAction } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';

/** Private locations an account may have at once (revoked ones do not count). */
export const PRIVATE_LOCATIONS_PER_ACCOUNT = 20;

/**
 * Who changes a location: its account, the person or key (audit-logged: a location's key receives
 * the decrypted credentials of every check naming it), and the project they act from.
 */
export type PrivateLocationChanger = Pick<ProjectScope, 'accountId' | 'projectId' | 'actor'>;

export interface IssuedLocationKey {
  location: PrivateLocation;
  /** The full key: returned this once, only its hash is stored. */
  key: string;
}

/** The account's private locations, newest first (revoked ones too: they are history): the web app's page. */
export function listPrivateLocations(prisma: PrismaClient, accountId: string): Promise<PrivateLocation[]> {
  return prisma.privateLocation.findMany({ where: { accountId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
}

/** The locations of listPrivateLocations as keyset reads: GET /locations streams them a page at a time. */
export function privateLocationPages(prisma: PrismaClient, accountId: string, now: Date): KeysetRead {
  const where = Prisma.sql`account_id = ${accountId}::uuid`;
  return async (after, count) => {
    const keys = await newestFirstKeys(prisma, 'private_locations', where, after, count);
    const rows = keys.length > 0 ? await prisma.privateLocation.findMany({ where: { id: { in: keys.map((k) => k.id) } } }) : [];
    return inKeyOrder(keys, rows, (l) => presentPrivateLocation(l, now));
  };
}

/** One of the account's private locations; 404 for another account's or an unknown one. */
export async function findPrivateLocation(prisma: PrismaClient, accountId: string, id: string): Promise<PrivateLocation> {
  const row = await prisma.privateLocation.findFirst({ where: { id, accountId } });
  if (!row) throw ApiError.notFound('location not found');
  return row;
}

/** Records `action` on `l`, named as `private location "office" (<code>), key <prefix>…`. */
function audit(tx: Prisma.TransactionClient, by: PrivateLocationChanger, action: AuditAction, l: PrivateLocation): Promise<void> {
  const target = `private location "${l.name}" (${l.code}), key ${l.keyPrefix}…`;
  return recordAuditEvent(tx, { accountId: by.accountId, projectId: by.projectId, actor: by.actor, action, target });
}

/** A new private location and its key (shown once), audit-logged. 409 past PRIVATE_LOCATIONS_PER_ACCOUNT live ones. */
export async function createPrivateLocation(prisma: PrismaClient, by: PrivateLocationChanger, name: string): Promise<IssuedLocationKey> {
  const live = await prisma.privateLocation.count({ where: { accountId: by.accountId, revokedAt: null } });
  if (live >= PRIVATE_LOCATIONS_PER_ACCOUNT)
    throw new ApiError('conflict', `an account has at most ${PRIVATE_LOCATIONS_PER_ACCOUNT} private locations; revoke one first`);
  const g = generateLocationKey();
  const location = await prisma.$transaction(async (tx) => {
    const row = await tx.privateLocation.create({
      data: { accountId: by.accountId, name, code: generateLocationCode(), keyPrefix: g.prefix, keyHash: g.hash },
    });
    await audit(tx, by, 'private_location.create', row);
    return row;
  });
  return { location, key: g.key };
}

/**
 * A new key for the location, audit-logged; the old one keeps working for `graceSec` (0: refused
 * at once), so the prober's secret can be replaced without a gap. A key still in its grace from an
 * earlier rotation is dropped at once. 409 for a revoked location.
 */
export async function rotatePrivateLocationKey(
  prisma: PrismaClient,
  by: PrivateLocationChanger,
  id: string,
  graceSec: number,
  now: Date,
): Promise<IssuedLocationKey> {
  const old = await findPrivateLocation(prisma, by.accountId, id);
  if (old.revokedAt) throw new ApiError('conflict', 'the location is revoked; create a new one');
  const g = generateLocationKey();
  const location = await prisma.$transaction(async (tx) => {
    const row = await tx.privateLocation.update({
      where: { id: old.id },
      data: {
        keyPrefix: g.prefix,
        keyHash: g.hash,
        previousKeyHash: graceSec > 0 ? old.keyHash : null,
        previousKeyExpiresAt: graceSec > 0 ? new Date(now.getTime() + graceSec * 1000) : null,
      },
    });
    await audit(tx, by, 'private_location.rotate_key', row);
    return row;
  });
  return { location, key: g.key };
}

/** Revokes the location at once, audit-logged: its key (and a rotated-out one) is refused from the next request. Idempotent. */
export async function revokePrivateLocation(prisma: PrismaClient, by: PrivateLocationChanger, id: string, now: Date): Promise<PrivateLocation> {
  const row = await findPrivateLocation(prisma, by.accountId, id);
  if (row.revokedAt) return row;
  return prisma.$transaction(async (tx) => {
    const revoked = await tx.privateLocation.update({ where: { id: row.id }, data: { revokedAt: now, previousKeyHash: null, previousKeyExpiresAt: null } });
    await audit(tx, by, 'private_location.revoke', revoked);
    return revoked;
  });
}
