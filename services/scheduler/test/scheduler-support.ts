import { loadSchedulerConfig } from '@upmon/config';
import type { PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { createFlipMetrics, Registry, type FlipMetrics } from '@upmon/metrics';
import type { Queues } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import type pg from 'pg';
import type { SchedulerDeps } from '../src/task.js';

export const silentLogger = createLogger({ service: 'scheduler-test', level: 'silent' });

export function schedulerDeps(opts: {
  dbUrl: string;
  prisma: PrismaClient;
  pool: pg.Pool;
  queues: Queues;
  prefix: string;
  clock: Clock;
  batchSize?: number;
  env?: Record<string, string>;
  flipMetrics?: FlipMetrics;
}): SchedulerDeps {
  const config = loadSchedulerConfig({
    DATABASE_URL: opts.dbUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: opts.prefix,
    SCHEDULER_BATCH_SIZE: String(opts.batchSize ?? 1000),
    ...opts.env,
  });
  return {
    config,
    logger: silentLogger,
    prisma: opts.prisma,
    queues: opts.queues,
    clock: opts.clock,
    pool: opts.pool,
    flipMetrics: opts.flipMetrics ?? createFlipMetrics(new Registry()),
    cipher: null,
  };
}

/** Inserts `n` heartbeat checks (period 60 s, grace 60 s) due at `deadline` with SQL. */
export async function insertDueChecks(pool: pg.Pool, projectId: string, n: number, lastPingAt: Date, status = 'up'): Promise<void> {
  await pool.query(
    `INSERT INTO checks (id, project_id, name, schedule_kind, period_sec, grace_sec, status, last_ping_at, next_deadline_at, updated_at)
     SELECT gen_random_uuid(), $1, 'c' || g, 'period', 60, 60, $4::"CheckStatus", $2::timestamptz,
            $2::timestamptz + interval '60 seconds' + (CASE WHEN $4 = 'late' THEN interval '60 seconds' ELSE interval '0' END), now()
       FROM generate_series(1, $3) g`,
    [projectId, lastPingAt.toISOString(), n, status],
  );
}
