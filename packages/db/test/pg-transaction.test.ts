import pg from 'pg';
import { createEmptyDatabase, type TestDatabase } from '@upmon/testing';
import { withPgTransaction } from '../src/pg-transaction.js';

let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createEmptyDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 1 });
  await pool.query('CREATE TABLE t (v int)');
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});
beforeEach(() => pool.query('DELETE FROM t'));

const values = async () => (await pool.query<{ v: number }>('SELECT v FROM t ORDER BY v')).rows.map((r) => r.v);

describe('withPgTransaction', () => {
  it('commits what the work wrote and returns its result', async () => {
    expect(await withPgTransaction(pool, async (c) => (await c.query('INSERT INTO t VALUES (1), (2)')).rowCount)).toBe(2);
    expect(await values()).toEqual([1, 2]);
  });

  it('rolls back when the work throws, rethrows, and leaves the pool usable', async () => {
    await expect(
      withPgTransaction(pool, async (c) => {
        await c.query('INSERT INTO t VALUES (3)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await values()).toEqual([]);
    expect(pool.totalCount).toBeLessThanOrEqual(1);
  });

  it('with begin: false the work opens the transaction itself', async () => {
    await expect(
      withPgTransaction(
        pool,
        async (c) => {
          await c.query('BEGIN; INSERT INTO t VALUES (4)');
          throw new Error('after the insert');
        },
        { begin: false },
      ),
    ).rejects.toThrow('after the insert');
    expect(await values()).toEqual([]);
  });
});
