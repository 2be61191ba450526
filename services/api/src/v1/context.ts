import type { Redis } from 'ioredis';
import type { ApiConfig } from '@upmon/config';
import type { Cipher, ListCursors } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { Mailer } from '@upmon/mailer';
import type { FlipMetrics } from '@upmon/metrics';
import type { Queues } from '@upmon/queue';
import type pg from 'pg';
import type { Clock } from '@upmon/service-kit';
import type { ApiKeyVerifier } from './authenticate.js';
import type { RateLimiter } from '@upmon/domain';
import type { RemoteProbers } from './prober/remote-probers.js';

/** What the v1 routes and services work with; built once by `mountApiV1`. */
export interface V1Context {
  config: ApiConfig;
  logger: Logger;
  prisma: PrismaClient;
  /** Raw pg for the read hot paths (auth, check reads, history). */
  pool: pg.Pool;
  redis: Redis;
  queues: Queues;
  clock: Clock;
  cipher: Cipher;
  /** Signs and checks the `next`/`after` cursors of the paginated lists. */
  listCursors: ListCursors;
  /** Verification mail (SMTP_URL). */
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** API keys: lookup, per-key limit, failed-authentication limit per client address. */
  apiKeys: ApiKeyVerifier;
  flipMetrics: FlipMetrics;
  remoteProbers: RemoteProbers;
}
