import type { Redis } from 'ioredis';
import type { ApiConfig } from '@upmon/config';
import type { PrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { Mailer } from '@upmon/mailer';
import type { FlipMetrics } from '@upmon/metrics';
import type { Queues } from '@upmon/queue';
import type pg from 'pg';
import type { Clock } from '@upmon/service-kit';

/** What the api process hands the web app when it mounts it (`mountWeb`); the api owns and closes each. */
export interface WebDeps {
  config: ApiConfig;
  logger: Logger;
  prisma: PrismaClient;
  /** Raw pg pool for the read hot paths. */
  pool: pg.Pool;
  redis: Redis;
  queues: Queues;
  /** Account and verification e-mail (SMTP_URL); `configured` is false without SMTP. */
  mailer: Mailer;
  clock: Clock;
  /** Flips committed by the web app (pause, resume) are counted here. */
  flipMetrics: FlipMetrics;
}
