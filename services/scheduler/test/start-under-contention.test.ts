// A scheduler that starts on a busy machine: its tasks ask for connections all at once and some
// wait longer than Prisma's 2 s to start a transaction. That is contention, not a fault: the rounds
// are retried quietly, and only contention that lasts past the bound is an error line (issue 37).
import { Writable } from 'node:stream';
import { loadSchedulerConfig } from '@upmon/config';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { systemClock } from '@upmon/service-kit';
import { eventually, ManualClock, openTestBackend, PATIENCE_MS, type TestBackend } from '@upmon/testing';
import { startTaskLoop } from '../src/task-loop.js';
import type { SchedulerTask } from '../src/task.js';
import { createHeldReleaseTask } from '../src/tasks/held-release.js';

interface LogLine {
  level: string;
  msg: string;
  err?: string;
  busyForSec?: number;
}

function capturedLogger() {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ service: 'scheduler', level: 'debug', destination }) };
}
const problemsIn = (lines: LogLine[]) => lines.filter((l) => l.level === 'error' || l.level === 'warn' || l.level === 'fatal');

/** `task` with its rounds counted (and when the one in hand started). */
function counted(task: SchedulerTask) {
  const stats = { started: 0, failures: 0, successes: 0, roundStartedAt: 0 };
  const wrapped: SchedulerTask = {
    name: task.name,
    async runOnce(now) {
      stats.started++;
      stats.roundStartedAt = Date.now();
      try {
        const n = await task.runOnce(now);
        stats.successes++;
        return n;
      } catch (err) {
        stats.failures++;
        throw err;
      }
    },
  };
  return { stats, wrapped };
}

describe('with a real pool that another transaction holds', () => {
  let backend: TestBackend;
  let busyPrisma: PrismaClient;
  beforeAll(async () => {
    backend = await openTestBackend();
    // One connection, which the test holds: the task's transaction waits for it.
    busyPrisma = createPrismaClient(backend.db.url, { poolSize: 1 });
  });
  afterAll(async () => {
    await busyPrisma.$disconnect();
    await backend.close();
  });

  it("retries a round that waited past Prisma's maxWait without an error line", async () => {
    const config = loadSchedulerConfig({ DATABASE_URL: backend.db.url, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: backend.prefix });
    const { lines, logger } = capturedLogger();
    const { stats, wrapped } = counted(createHeldReleaseTask({ config, logger, prisma: busyPrisma, queues: backend.queues }));

    let release!: () => void;
    const holding = busyPrisma.$transaction(async () => new Promise<void>((r) => (release = r)), { timeout: 10 * PATIENCE_MS });
    await eventually(() => release !== undefined, PATIENCE_MS, 'the connection held');
    const loop = startTaskLoop(wrapped, { clock: systemClock, logger, idleIntervalMs: 60_000, batchSize: 100 });
    try {
      // Prisma gives up on a transaction that waited more than maxWait (2 s) for its connection.
      await eventually(() => stats.started === 1 && Date.now() - stats.roundStartedAt > 2500, PATIENCE_MS, 'the round to wait past maxWait');
      release();
      await holding;
      await eventually(() => stats.successes > 0, PATIENCE_MS, 'a round once the connection is free');
      expect(stats.failures).toBe(1);
      expect(problemsIn(lines)).toEqual([]);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'debug',
          msg: 'database busy; retrying the round',
          err: expect.stringContaining('Unable to start a transaction in the given time'),
        }),
      );
    } finally {
      release?.();
      await loop.stop();
    }
  });
});

it('reports contention once it lasts past the bound, keeps retrying, and says when it is over', async () => {
  const clock = new ManualClock();
  const { lines, logger } = capturedLogger();
  let busy = true;
  const { stats, wrapped } = counted({
    name: 'busy',
    runOnce: async () => {
      if (busy) throw Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' });
      return 0;
    },
  });
  const loop = startTaskLoop(wrapped, { clock, logger, idleIntervalMs: 60_000, batchSize: 100, contentionPatienceMs: 5000 });
  await clock.advance(4000); // rounds at 0, 1, 2, 3, 4 s: within the bound
  expect([stats.failures, problemsIn(lines)]).toEqual([5, []]);
  await clock.advance(1000); // the round at 5 s: the bound
  await clock.advance(10_000); // and ten more
  expect(stats.failures).toBe(16);
  expect(problemsIn(lines)).toEqual([
    expect.objectContaining({
      level: 'error',
      busyForSec: 5,
      msg: 'database busy for 5 s: every round of this task failed to get a connection, a transaction or a lock in time; still retrying',
      err: 'Transaction API error: Unable to start a transaction in the given time.',
    }),
  ]);
  busy = false;
  await clock.advance(1000);
  expect(stats.successes).toBe(1);
  expect(lines.at(-1)).toEqual(expect.objectContaining({ level: 'info', msg: 'database answers again; rounds resumed' }));
  await loop.stop();
});
