// A check's pings and flips have no foreign key to it (migration
// 20261127095629_check_children_by_statement): a statement trigger deletes them with the check.
// These tests hold that promise where a foreign key used to: a direct delete, a delete through the
// project's cascade, a delete that races a writer holding the check, and the trigger's plan.
import { withPgTransaction, type PrismaClient } from '@upmon/db';
import { makeCheck, makeIntegration, makeProject, openTestStore, type TestStore } from '@upmon/testing';
import type pg from 'pg';
import { CheckBatch } from '../src/check-batch.js';

let store: TestStore;
let prisma: PrismaClient;
let pool: pg.Pool;

beforeAll(async () => {
  store = await openTestStore({ poolSize: 3 });
  ({ prisma, pool } = store);
});
afterAll(() => store.close());

const NOW = new Date('2026-11-27T10:00:00.000Z');

/** A successful ping through the state machine: a new check goes up, with its flip and ping row. */
async function pingThroughBatch(client: pg.PoolClient, checkId: string): Promise<void> {
  const batch = await CheckBatch.lock(client, [checkId]);
  if (!batch.get(checkId)) return;
  const r = batch.transition(checkId, { type: 'ping', kind: 'success', exitStatus: null, rid: null, runStartedAt: null }, NOW);
  batch.recordPing(checkId, { ts: NOW.toISOString(), type: 'success', method: 'GET', bodySize: 0, body: null, durationMs: r.durationMs }, 'success');
  await batch.write(client);
}

const ping = (checkId: string) => withPgTransaction(pool, (client) => pingThroughBatch(client, checkId));

async function children(checkId: string): Promise<{ pings: number; flips: number; deliveries: number }> {
  const { rows } = await pool.query<{ pings: number; flips: number; deliveries: number }>(
    `SELECT (SELECT count(*)::int FROM pings WHERE check_id = $1) AS pings,
            (SELECT count(*)::int FROM flips WHERE check_id = $1) AS flips,
            (SELECT count(*)::int FROM notification_deliveries d JOIN flips f ON f.id = d.flip_id WHERE f.check_id = $1) AS deliveries`,
    [checkId],
  );
  return rows[0]!;
}

async function deliveryFor(checkId: string, integrationId: number): Promise<void> {
  await pool.query(
    `INSERT INTO notification_deliveries (flip_id, integration_id, check_id, event, attempt, status)
     SELECT id, $2, check_id, 'up', 1, 'succeeded' FROM flips WHERE check_id = $1 ORDER BY id DESC LIMIT 1`,
    [checkId, integrationId],
  );
}

describe('deleting a check deletes its pings and flips (statement trigger, no foreign key)', () => {
  it('directly: its pings, flips and their deliveries go; another check of the project keeps its own', async () => {
    const project = await makeProject(prisma);
    const gone = await makeCheck(prisma, project.id, { status: 'new' });
    const kept = await makeCheck(prisma, project.id, { status: 'new' });
    const integration = await makeIntegration(prisma, project.id, 'webhook', { url: 'http://127.0.0.1:9/hook' });
    for (const c of [gone, kept]) {
      await ping(c.id);
      await deliveryFor(c.id, integration.id);
    }
    expect(await children(gone.id)).toEqual({ pings: 1, flips: 1, deliveries: 1 });

    await prisma.check.delete({ where: { id: gone.id } });

    expect(await children(gone.id)).toEqual({ pings: 0, flips: 0, deliveries: 0 });
    expect(await children(kept.id)).toEqual({ pings: 1, flips: 1, deliveries: 1 });
  });

  it("through its project's cascade, for every check of the project at once", async () => {
    const project = await makeProject(prisma);
    const other = await makeProject(prisma);
    const checks = await Promise.all([1, 2, 3].map(() => makeCheck(prisma, project.id, { status: 'new' })));
    const elsewhere = await makeCheck(prisma, other.id, { status: 'new' });
    for (const c of [...checks, elsewhere]) await ping(c.id);

    await pool.query('DELETE FROM projects WHERE id = $1', [project.id]);

    for (const c of checks) expect(await children(c.id)).toEqual({ pings: 0, flips: 0, deliveries: 0 });
    expect(await children(elsewhere.id)).toEqual({ pings: 1, flips: 1, deliveries: 0 });
  });

  it('when the delete comes while a writer holds the check, it waits and then deletes what the writer committed', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id, { status: 'new' });
    const writer = await pool.connect();
    try {
      await writer.query('BEGIN');
      await pingThroughBatch(writer, check.id); // locked, flip and ping inserted, not committed
      const deleting = pool.query('DELETE FROM checks WHERE id = $1', [check.id]);
      // The DELETE is blocked on the writer's row lock until the writer commits.
      for (let waited = 0; ; waited += 20) {
        const { rows } = await pool.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'DELETE FROM checks%'`);
        if (rows.length > 0) break;
        if (waited > 5000) throw new Error('the DELETE never waited for the writer');
        await new Promise((r) => setTimeout(r, 20));
      }
      await writer.query('COMMIT');
      expect((await deleting).rowCount).toBe(1);
    } finally {
      writer.release();
    }
    expect(await children(check.id)).toEqual({ pings: 0, flips: 0, deliveries: 0 });
  });

  it("finds a check's pings by index even after a large delete on the same connection (its plan is cached)", async () => {
    // 2,000 checks of 100 pings each: large enough that joining them to all of `pings` is planned as
    // a sequential scan, which PL/pgSQL then kept for every later delete on the connection.
    const big = await makeProject(prisma);
    const one = await makeCheck(prisma, big.id, { status: 'new' });
    await pool.query(
      `WITH c AS (INSERT INTO checks (id, project_id, name, schedule_kind, period_sec, grace_sec, updated_at)
                  SELECT gen_random_uuid(), $1, 'bulk', 'period', 3600, 3600, now() FROM generate_series(1, 2000) RETURNING id)
       INSERT INTO pings (check_id, type, method) SELECT c.id, 'success', 'GET' FROM c CROSS JOIN generate_series(1, 100)`,
      [big.id],
    );
    await pool.query('ANALYZE pings');
    const client = await pool.connect();
    const plans: string[] = [];
    const onNotice = (n: { message?: string }) => plans.push(n.message ?? '');
    client.on('notice', onNotice);
    try {
      await client.query(`LOAD 'auto_explain'`);
      await client.query('SET auto_explain.log_min_duration = 0; SET auto_explain.log_nested_statements = on; SET client_min_messages = log');
      await client.query(`DELETE FROM checks WHERE project_id = $1 AND id <> $2`, [big.id, one.id]);
      plans.length = 0;
      await client.query('DELETE FROM checks WHERE id = $1', [one.id]);
    } finally {
      client.off('notice', onNotice);
      await client.query('RESET ALL');
      client.release();
    }
    const pingsPlan = plans.find((p) => /Delete on pings/.test(p));
    expect(pingsPlan).toMatch(/Index Scan|Index Cond/);
    expect(pingsPlan).not.toMatch(/Seq Scan on pings/);
  });

  it('when the delete commits first, a writer that comes after finds no check and writes nothing', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id, { status: 'new' });
    const deleter = await pool.connect();
    try {
      await deleter.query('BEGIN');
      await deleter.query('DELETE FROM checks WHERE id = $1', [check.id]);
      const writing = ping(check.id); // blocked on the deleted row's lock
      await new Promise((r) => setTimeout(r, 100));
      await deleter.query('COMMIT');
      await writing;
    } finally {
      deleter.release();
    }
    expect(await children(check.id)).toEqual({ pings: 0, flips: 0, deliveries: 0 });
  });
});
