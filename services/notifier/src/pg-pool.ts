import type { createPgPool } from '@upmon/db';

/**
 * The notifier's hot path (fan-out and delivery, a few queries per notification) runs plain SQL
 * on a pg pool: measured on this machine, a Prisma `$queryRaw` costs ~3-4× the CPU of the same
 * query through pg, and CPU is what bounds a 10,000-flip burst.
 */
export type PgPool = ReturnType<typeof createPgPool>;
