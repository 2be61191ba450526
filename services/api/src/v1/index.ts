import express, { Router, type Express } from 'express';
import { createCipher } from '@upmon/crypto';
import { createPgPool } from '@upmon/db';
import type { AppDeps } from '../app.js';
import { ApiError } from '../http/api-error.js';
import { errorMiddleware } from '../http/error-middleware.js';
import { authenticate } from './authenticate.js';
import type { V1Context } from './context.js';
import { RateLimiter } from './rate-limiter.js';
import { checksRouter } from './routes/checks.js';
import { flipsRouter } from './routes/flips.js';
import { integrationsRouter } from './routes/integrations.js';
import { openApiRouter } from './routes/openapi.js';
import { pingDomainsRouter } from './routes/ping-domains.js';
import { pingsRouter } from './routes/pings.js';

/** Resource prefixes that need a key; anything else under /api/v1 that is not public is a 404. */
const AUTHENTICATED_PREFIXES = ['/checks', '/integrations'];

/**
 * Mounts REST API v1 at /api/v1. Order per request: authenticate with the per-key rate limit
 * (401, 403 plan, 429) → JSON body (400/413) → routes (403 read-only, 404, 409, 422) → 404 → errors.
 * The key is checked before the body is read, so anonymous clients cannot make us parse bodies.
 */
export function mountApiV1(app: Express, deps: AppDeps): void {
  const ctx: V1Context = {
    config: deps.config,
    logger: deps.logger,
    prisma: deps.prisma,
    // Until the process shell passes its pool, the API keeps a small one of its own.
    pool: deps.pool ?? createPgPool(deps.config.databaseUrl, deps.config.databasePoolSize, deps.logger),
    redis: deps.redis,
    queues: deps.queues,
    clock: deps.clock,
    cipher: createCipher(deps.config.encryptionKey),
    rateLimiter: new RateLimiter(deps.redis, deps.logger),
  };
  const router = Router();
  router.use(pingDomainsRouter(deps.config.pingDomains), openApiRouter());
  router.use(
    AUTHENTICATED_PREFIXES,
    authenticate(ctx.pool, ctx.rateLimiter, deps.config.redisPrefix, deps.logger),
    // Any content type is read as JSON (the API speaks nothing else); objects are enforced per route.
    express.json({ limit: deps.config.apiBodyLimitBytes, strict: false, type: () => true }),
  );
  router.use(checksRouter(ctx), pingsRouter(ctx), flipsRouter(ctx), integrationsRouter(ctx));
  router.use(() => {
    throw ApiError.notFound('no such endpoint');
  });
  router.use(errorMiddleware(deps.logger, { bodyLimitBytes: deps.config.apiBodyLimitBytes }));
  app.use('/api/v1', router);
}
