import { Router, type Express, type RequestHandler } from 'express';
import { ApiError } from '@upmon/domain';
import { errorMiddleware } from '../http/error-middleware.js';
import type { V1Context } from '../v1/context.js';
import { hcAuthenticate } from './hc-authenticate.js';
import { hcErrorShape } from './hc-errors.js';
import { hcBadgesRouter } from './routes/badges.js';
import { hcChannelsRouter } from './routes/channels.js';
import { hcChecksRouter } from './routes/checks.js';
import { hcFlipsRouter } from './routes/flips.js';
import { hcPingsRouter } from './routes/pings.js';
import { hcStatusRouter } from './routes/status.js';

/** Every path of the API: another method on one of them is a 405, as in Healthchecks. */
const HC_PATHS = [
  '/checks',
  '/checks/:id',
  '/checks/:id/pause',
  '/checks/:id/resume',
  '/checks/:id/flips',
  '/checks/:id/pings',
  '/checks/:id/pings/:n/body',
  '/channels',
  '/badges',
  '/status',
];

/** Healthchecks answers browsers' preflights and allows any origin with an X-Api-Key header. */
const cors: RequestHandler = (req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'X-Api-Key');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  res.setHeader('Access-Control-Max-Age', '600');
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
};

/**
 * The Healthchecks-compatible management API at /api/v3 (and /api/v2, which differs only in
 * deriving slugs from names): Healthchecks' paths, verbs, shapes, status codes and errors
 * (`{"error": ...}`) over upmon's keys, limits and domain services (docs/healthchecks.md).
 * Order per request: CORS → /status/ (no key) → key (header before the body, or the body's
 * api_key) → routes → 405/404 → errors in Healthchecks' shape.
 */
export function mountHealthchecksApi(app: Express, ctx: V1Context): void {
  const urls = { appBaseUrl: ctx.config.appBaseUrl, pingBase: ctx.config.pingDomains[0] ?? ctx.config.appBaseUrl };
  const scheme = /^https:/i.test(urls.pingBase) ? 'https' : 'http';
  const router = Router();
  router.use(cors, hcStatusRouter(ctx.pool));
  router.use(...hcAuthenticate(ctx));
  router.use(
    hcChecksRouter(ctx, urls),
    hcFlipsRouter(ctx),
    hcPingsRouter(ctx, { appBaseUrl: urls.appBaseUrl, scheme }),
    hcChannelsRouter(ctx),
    hcBadgesRouter(ctx),
  );
  router.all(HC_PATHS, () => {
    throw new ApiError('method_not_allowed', 'method not allowed');
  });
  router.use(() => {
    throw ApiError.notFound('not found');
  });
  router.use(errorMiddleware(ctx.logger, { bodyLimitBytes: ctx.config.apiBodyLimitBytes, shape: hcErrorShape }));
  app.use(['/api/v3', '/api/v2'], router);
}
