/**
 * SQLSTATEs that only say the database is busy: a serialization failure (40001) or deadlock
 * (40P01) that PostgreSQL resolved by cancelling us, a lock not granted within lock_timeout
 * (55P03), no connection slot left (53300).
 */
const BUSY_SQLSTATES = new Set(['40001', '40P01', '55P03', '53300']);
/**
 * Prisma's codes for the same: P2028, its transaction API (in practice "Unable to start a
 * transaction in the given time": no pooled connection within maxWait; or a transaction that
 * outlived its timeout), P2034 (write conflict or deadlock), P2024 (no pooled connection in time).
 */
const BUSY_PRISMA_CODES = new Set(['P2028', 'P2034', 'P2024']);
/** The same conditions by their words, for errors whose code a driver adapter wrapped away. */
const BUSY_MESSAGE =
  /Unable to start a transaction in the given time|Transaction already closed|deadlock detected|lock timeout|could not serialize access|too many (clients|connections)|timeout exceeded when trying to connect/i;

/**
 * Whether `err` only means the database was too busy to serve us in time (a loaded machine at
 * start-up, a long transaction holding a lock): the same work succeeds when tried again a little
 * later, so callers retry quietly instead of reporting a failure. Looks through `cause` chains
 * and Prisma's `meta`, where driver adapters put PostgreSQL's code.
 */
export function isDatabaseContention(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, meta, message } = e as { code?: unknown; meta?: { code?: unknown }; message?: unknown };
    if (typeof code === 'string' && (BUSY_SQLSTATES.has(code) || BUSY_PRISMA_CODES.has(code))) return true;
    if (typeof meta?.code === 'string' && BUSY_SQLSTATES.has(meta.code)) return true;
    if (typeof message === 'string' && BUSY_MESSAGE.test(message)) return true;
  }
  return false;
}
