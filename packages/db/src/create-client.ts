import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';

export interface PrismaClientOptions {
  /** Pool size of the underlying pg driver. */
  poolSize?: number;
}

/**
 * Builds a Prisma client on the pg driver adapter (no Rust engine). The caller owns the client:
 * create it once per process and `$disconnect()` it on shutdown.
 */
export function createPrismaClient(databaseUrl: string, options: PrismaClientOptions = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  return new PrismaClient({ adapter });
}
