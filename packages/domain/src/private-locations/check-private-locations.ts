import type { Prisma } from '@upmon/db';
import { ApiError } from '../errors.js';

/** Private locations' codes start with this (generateLocationCode); public location names must not. */
export const PRIVATE_LOCATION_PREFIX = 'p-';

/**
 * A check may name, besides public locations, only its own account's live private locations: a
 * code of another account's (or a revoked one) is a 422, so no check waits on a prober that will
 * never be handed its probes (the api hands a location only its account's checks anyway).
 */
export async function requireOwnPrivateLocations(tx: Prisma.TransactionClient, accountId: string, locations: readonly string[]): Promise<void> {
  const codes = locations.filter((l) => l.startsWith(PRIVATE_LOCATION_PREFIX));
  if (codes.length === 0) return;
  const found = await tx.privateLocation.findMany({ where: { accountId, code: { in: codes }, revokedAt: null }, select: { code: true } });
  const own = new Set(found.map((f) => f.code));
  const unknown = codes.filter((c) => !own.has(c));
  if (unknown.length > 0) throw ApiError.validation({ locations: unknown.map((c) => `${c} is not a private location of this account (or it is revoked)`) });
}
