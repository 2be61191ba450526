import pg from 'pg';
import { openEmptyDatabase, type TestDatabase } from '@upmon/testing';
import { listenPg } from '../src/pg-listen.js';

let empty: Awaited<ReturnType<typeof openEmptyDatabase>>;
let db: TestDatabase;
let admin: pg.Client;

beforeAll(async () => {
  empty = await openEmptyDatabase();
  ({ db, admin } = empty);
});
afterAll(() => empty.close());

/** Resolves once `pred` holds, polling every 10 ms (fails the test after 5 s). */
async function until(pred: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await pred()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached in 5 s');
}

const listenerPids = async () =>
  (await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`)).rows.map((r) => r.pid);

it('wakes on every notification of its channel, after (re)connecting, and not for other channels', async () => {
  let wakes = 0;
  const warnings: object[] = [];
  const listener = listenPg(db.url, 'upmon_test', {
    onWake: () => (wakes += 1),
    logger: { warn: (fields) => warnings.push(fields), info: () => undefined },
    retryMs: 50,
  });
  try {
    await until(() => wakes === 1); // connected: one wake-up to catch up
    await admin.query(`NOTIFY upmon_test`);
    await until(() => wakes === 2);
    await admin.query(`NOTIFY another_channel`);
    await admin.query(`NOTIFY upmon_test`);
    await until(() => wakes === 3);

    // The server ends the connection (a restart, a terminated backend): it reconnects, listens
    // again and wakes once to catch up on what it may have missed.
    const [pid] = await listenerPids();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await until(() => wakes === 4);
    expect(warnings).toEqual([expect.objectContaining({ channel: 'upmon_test' })]);
    await until(async () => (await listenerPids()).length === 1);
    await admin.query(`NOTIFY upmon_test`);
    await until(() => wakes === 5);
  } finally {
    await listener.close();
  }
  await until(async () => (await listenerPids()).length === 0);
});
