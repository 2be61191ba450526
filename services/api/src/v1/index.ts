import { auditLogRouter } from './routes/audit-log.js';
import express, { Router, type Express } from 'express';
import { createCipher, createListCursors } from '@upmon/crypto';
import type { AppDeps } from '../app-deps.js';
import { ApiError, RateLimiter } from '@upmon/domain';
import { errorMiddleware } from '../http/error-middleware.js';
import { createClientAddressResolver } from '@upmon/service-kit';
import { AuthFailureLimiter } from './auth-failure-limiter.js';
import { apiKeyVerifier, authenticate } from './authenticate.js';
import type { V1Context } from './context.js';
import { badgesRouter } from './routes/badges.js';
import { checksRouter } from './routes/checks.js';
import { codeRouter } from './routes/code.js';
import { flipsRouter } from './routes/flips.js';
import { incidentsRouter } from './routes/incidents.js';
import { integrationsRouter } from './routes/integrations.js';
import { locationsRouter } from './routes/locations.js';
import { maintenanceRouter } from './routes/maintenance.js';
import { oncallRouter } from './routes/oncall.js';
import { openApiRouter } from './routes/openapi.js';
import { pingDomainsRouter } from './routes/ping-domains.js';
import { proberRouter } from './prober/prober-routes.js';
import { pingsRouter } from './routes/pings.js';
import { reportsRouter } from './routes/reports.js';
import { slosRouter } from './routes/slos.js';
import { statusPageRouter } from './routes/status-page.js';
import { statusPageSubscribersRouter } from './routes/status-page-subscribers.js';
import { ssoRouter } from './routes/sso.js';

/** Resource prefixes that need a key; anything else under /api/v1 that is not public is a 404. */
const AUTHENTICATED_PREFIXES = [
  '/checks',
  '/integrations',
  '/badges',
  '/status-page',
  '/maintenance',
  '/slos',
  '/reports',
  '/audit-log',
  '/locations',
  '/sso',
  '/code',
  '/oncall',
];

/**
 * What the v1 routes and services work with, built once per app: the Healthchecks-compatible API
 * and the project metrics use the same services, key verifier and per-key budgets.
 */
export function createV1Context(deps: AppDeps): V1Context {
  const rateLimiter = new RateLimiter(deps.redis, deps.logger);
  return {
    config: deps.config,
    logger: deps.logger,
    prisma: deps.prisma,
    pool: deps.pool,
    redis: deps.redis,
    queues: deps.queues,
    clock: deps.clock,
    mailer: deps.mailer,
    cipher: createCipher(deps.config.encryptionKeys),
    listCursors: createListCursors(deps.config.encryptionKeys),
    rateLimiter,
    flipMetrics: deps.flipMetrics,
    remoteProbers: deps.remoteProbers,
    apiKeys: apiKeyVerifier({
      pool: deps.pool,
      limiter: rateLimiter,
      failures: new AuthFailureLimiter(rateLimiter, deps.config.redisPrefix, deps.clock),
      clientAddress: createClientAddressResolver(deps.config.trustedProxies),
      redisPrefix: deps.config.redisPrefix,
      logger: deps.logger,
    }),
  };
}

/**
 * Mounts REST API v1 at /api/v1. Order per request: authenticate with the per-key rate limit
 * (401, 403 plan, 429) → JSON body (400/413) → routes (403 read-only, 404, 409, 422) → 404 → errors.
 * The key is checked before the body is read, so anonymous clients cannot make us parse bodies.
 */
export function mountApiV1(app: Express, ctx: V1Context): void {
  const router = Router();
  router.use(pingDomainsRouter(ctx.config.pingDomains), openApiRouter());
  // Private locations' probers: a location key, not an API key (docs/locations.md).
  router.use(proberRouter(ctx, ctx.remoteProbers));
  router.use(
    AUTHENTICATED_PREFIXES,
    authenticate(ctx.apiKeys),
    // Any content type is read as JSON (the API speaks nothing else); objects are enforced per route.
    express.json({ limit: ctx.config.apiBodyLimitBytes, strict: false, type: () => true }),
  );
  router.use(
    checksRouter(ctx),
    pingsRouter(ctx),
    flipsRouter(ctx),
    integrationsRouter(ctx),
    badgesRouter(ctx),
    statusPageRouter(ctx),
    slosRouter(ctx),
    reportsRouter(ctx),
    incidentsRouter(ctx),
    statusPageSubscribersRouter(ctx),
    maintenanceRouter(ctx),
    auditLogRouter(ctx),
    ssoRouter(ctx),
    locationsRouter(ctx),
    codeRouter(ctx),
    oncallRouter(ctx),
  );
  router.use(() => {
    throw ApiError.notFound('no such endpoint');
  });
  router.use(errorMiddleware(ctx.logger));
  app.use('/api/v1', router);
}
