import pg from 'pg';
import { openEmptyDatabase, type TestDatabase } from '@upmon/testing';
import { createPgPool } from '../src/pg-pool.js';

let empty: Awaited<ReturnType<typeof openEmptyDatabase>>;
let db: TestDatabase;
let admin: pg.Client;

beforeAll(async () => {
  empty = await openEmptyDatabase();
  ({ db, admin } = empty);
});
afterAll(() => empty.close());

it('an idle connection ended by the server is reported, not fatal, and the next query reconnects', async () => {
  const idleErrors: object[] = [];
  const pool = createPgPool(db.url, 1, { warn: (fields) => idleErrors.push(fields) });
  try {
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = rows[0]?.pid;
    // As a PostgreSQL restart or a dropped database does to every idle connection.
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    for (let i = 0; i < 100 && idleErrors.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(idleErrors).toEqual([expect.objectContaining({ code: '57P01' })]);
    const again = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(again.rows[0]?.pid).not.toBe(pid);
  } finally {
    await pool.end();
  }
});
