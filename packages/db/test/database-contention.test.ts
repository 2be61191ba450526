import pg from 'pg';
import { createTestDatabase, eventually, PATIENCE_MS, type TestDatabase } from '@upmon/testing';
import { createPrismaClient } from '../src/create-client.js';
import { isDatabaseContention } from '../src/database-contention.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const connect = async () => {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  return c;
};
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

describe('isDatabaseContention, on errors produced by a real PostgreSQL', () => {
  it('is true for a lock not granted within lock_timeout, through pg and through Prisma', async () => {
    const holder = await connect();
    const waiter = await connect();
    const prisma = createPrismaClient(db.url, { poolSize: 1 });
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE');
      await waiter.query(`SET lock_timeout = '50ms'`);
      const viaPg = await failureOf(waiter.query('SELECT count(*) FROM accounts'));
      expect((viaPg as { code?: string }).code).toBe('55P03');
      expect(isDatabaseContention(viaPg)).toBe(true);

      const viaPrisma = await failureOf(prisma.$transaction([prisma.$executeRawUnsafe(`SET LOCAL lock_timeout = '50ms'`), prisma.account.count()]));
      expect(viaPrisma).not.toBeNull();
      expect(isDatabaseContention(viaPrisma)).toBe(true);
    } finally {
      await holder.query('ROLLBACK');
      await Promise.all([holder.end(), waiter.end(), prisma.$disconnect()]);
    }
  });

  it("is true for Prisma's 'Unable to start a transaction in the given time' with its pool taken", async () => {
    const prisma = createPrismaClient(db.url, { poolSize: 1 });
    let release!: () => void;
    const holding = prisma.$transaction(async () => new Promise<void>((r) => (release = r)), { timeout: PATIENCE_MS });
    try {
      await eventually(() => release !== undefined, PATIENCE_MS, 'the only connection held');
      // Prisma checks maxWait once the connection came: it comes after the holder's commit, > 1 ms.
      const waiting = failureOf(prisma.$transaction(async (tx) => tx.account.count(), { maxWait: 1 }));
      release();
      const err = await waiting;
      expect(String((err as Error).message)).toContain('Unable to start a transaction in the given time');
      expect(isDatabaseContention(err)).toBe(true);
    } finally {
      release?.();
      await holding;
      await prisma.$disconnect();
    }
  });

  it('is false for faults that retrying does not cure', async () => {
    const c = await connect();
    try {
      expect(isDatabaseContention(await failureOf(c.query('SELECT * FROM no_such_table')))).toBe(false);
      expect(isDatabaseContention(await failureOf(c.query('SELEC 1')))).toBe(false);
    } finally {
      await c.end();
    }
    const refused = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:1/x' });
    expect(isDatabaseContention(await failureOf(refused.connect()))).toBe(false);
    await refused.end().catch(() => undefined);
    expect(isDatabaseContention(new Error('boom'))).toBe(false);
    expect(isDatabaseContention(undefined)).toBe(false);
  });
});
