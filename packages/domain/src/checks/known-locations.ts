import type { Cipher } from '@upmon/crypto';
import type { Prisma, PrismaClient } from '@upmon/db';
import { ApiError } from '../errors.js';

/** What the operations that write a check's settings work with (the api's and the web app's contexts are ones). */
export interface CheckWriteDeps {
  prisma: PrismaClient;
  cipher: Cipher;
  /** PUBLIC_LOCATIONS as the api has it: the public locations a check may name. */
  config: { publicLocations: readonly string[] };
}

/**
 * A check may name only locations that exist for its account (docs/locations.md, "Location
 * names"): the operator's public locations and the account's own live private locations. Anything
 * else (a typo, a public location the operator has removed, a revoked private location, another
 * account's) is a 422 that names it and lists the valid ones, so no check waits on a location no
 * prober serves. Another account's code gets the same answer as one that never existed.
 */
export async function requireKnownLocations(
  tx: Prisma.TransactionClient,
  accountId: string,
  publicLocations: readonly string[],
  locations: readonly string[],
): Promise<void> {
  const notPublic = locations.filter((l) => !publicLocations.includes(l));
  if (notPublic.length === 0) return;
  const own = await tx.privateLocation.findMany({
    where: { accountId, revokedAt: null },
    select: { code: true, name: true },
    orderBy: { createdAt: 'asc' },
  });
  const codes = new Set(own.map((p) => p.code));
  const unknown = notPublic.filter((l) => !codes.has(l));
  if (unknown.length === 0) return;
  const privates = own.length > 0 ? own.map((p) => `${p.code} (${p.name})`).join(', ') : 'none';
  const known = `public: ${publicLocations.join(', ')}; this account's private locations: ${privates}`;
  throw ApiError.validation(
    { locations: unknown.map((l) => `${l} is not a known location (${known})`) },
    `unknown location${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
  );
}
