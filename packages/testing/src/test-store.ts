import { createPgPool, createPrismaClient, type PrismaClient } from '@upmon/db';
import pg from 'pg';
import { makeProject } from './factories.js';
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from './test-database.js';

/** A migrated database with Prisma, a pg pool and one project: what the check-store tests write through. */
export interface TestStore {
  db: TestDatabase;
  prisma: PrismaClient;
  pool: pg.Pool;
  projectId: string;
  /** Closes both connections and drops the database. */
  close(): Promise<void>;
}

export async function openTestStore(opts: { poolSize?: number } = {}): Promise<TestStore> {
  const db = await createTestDatabase();
  const prisma = createPrismaClient(db.url, { poolSize: 2 });
  const pool = createPgPool(db.url, opts.poolSize ?? 2);
  const projectId = (await makeProject(prisma)).id;
  return {
    db,
    prisma,
    pool,
    projectId,
    async close() {
      await pool.end();
      await prisma.$disconnect();
      await db.drop();
    },
  };
}

/** An empty database (no migrations) and a plain client on it, for the connection tests. */
export async function openEmptyDatabase(): Promise<{ db: TestDatabase; admin: pg.Client; close(): Promise<void> }> {
  const db = await createEmptyDatabase();
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  return {
    db,
    admin,
    async close() {
      await admin.end();
      await db.drop();
    },
  };
}
