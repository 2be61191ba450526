import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { Queues, type QueueName } from '@upmon/queue';
import { createRedis } from '@upmon/service-kit';
import type { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { dropRedisPrefix, testRedisPrefix, testRedisUrl } from './test-redis.js';

/** What most integration tests need: a database, Prisma, and producer queues under their own prefix. */
export interface TestBackend {
  db: TestDatabase;
  prisma: PrismaClient;
  redis: Redis;
  prefix: string;
  queues: Queues;
  /** Closes every connection, drops the database and deletes the Redis keys. */
  close(): Promise<void>;
}

export async function openTestBackend(opts: { poolSize?: number } = {}): Promise<TestBackend> {
  const db = await createTestDatabase();
  const prisma = createPrismaClient(db.url, { poolSize: opts.poolSize ?? 4 });
  const redis = createRedis(testRedisUrl(), 'producer');
  const prefix = testRedisPrefix();
  const queues = new Queues(redis, prefix);
  return {
    db,
    prisma,
    redis,
    prefix,
    queues,
    async close() {
      await queues.close();
      redis.disconnect();
      await prisma.$disconnect();
      await db.drop();
      await dropRedisPrefix(prefix);
    },
  };
}

/** Every job a queue holds, in any state. */
export async function queuedJobs(queues: Queues, name: QueueName): Promise<{ id: string; data: any }[]> {
  const jobs = await queues.queue(name).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.map((j) => ({ id: j.id as string, data: j.data }));
}
