import type pg from 'pg';

/**
 * Runs `work` in a transaction on one connection of `pool`: COMMIT when it resolves, ROLLBACK
 * when it throws (and the error is rethrown). A connection whose transaction failed is destroyed
 * instead of going back to the pool, since its state is unknown. `begin: false` when `work` sends
 * BEGIN itself (e.g. together with its first statement, one round trip fewer).
 */
export async function withPgTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, opts: { begin?: boolean } = {}): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    if (opts.begin !== false) await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    broken = err as Error;
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release(broken);
  }
}
