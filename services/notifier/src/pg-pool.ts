import type { createPgPool } from '@upmon/db';

/**
 * The notifier's hot path (fan-out and delivery, a few queries per notification) runs plain SQL
 * on a pg pool: measured on this machine, a Prisma `$queryRaw` costs ~3-4× the CPU of the same
 * query through pg, and CPU is what bounds a 10,000-flip burst.
 *
 * The micro-batched statements of the hot path are named (`{ name, text, values }`): each
 * connection parses and plans them once instead of once per batch (about a quarter of
 * PostgreSQL's CPU per flip). A failed `pool.query` drops its connection, so a statement left
 * stale by a migration ("cached plan must not change result type") heals on the next try.
 */
export type PgPool = ReturnType<typeof createPgPool>;
