import { Router, type Express, type Request, type RequestHandler } from 'express';
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

/** Healthchecks' unique_key path segment (its SHA1Converter): such a check can only be read. */
const UNIQUE_KEY = /^[A-z0-9]{40}$/;

/**
 * Every path of the API and the methods Healthchecks serves on it (its views' `cors(...)`): any
 * other method is a 405 before the key is looked at, as in Healthchecks (POST to a check's
 * unique_key too). HEAD is served wherever GET is.
 */
const HC_PATHS: [path: string, methods: string[] | ((req: Request) => string[])][] = [
  ['/checks', ['GET', 'POST']],
  ['/checks/:id', (req) => (UNIQUE_KEY.test(String(req.params.id)) ? ['GET'] : ['GET', 'POST', 'DELETE'])],
  ['/checks/:id/pause', ['POST']],
  ['/checks/:id/resume', ['POST']],
  ['/checks/:id/flips', ['GET']],
  ['/checks/:id/pings', ['GET']],
  ['/checks/:id/pings/:n/body', ['GET']],
  ['/channels', ['GET']],
  ['/badges', ['GET']],
  ['/status', ['GET']],
];

function methodsAllowed(): Router {
  const r = Router();
  for (const [path, methods] of HC_PATHS) {
    r.all(path, (req, _res, next) => {
      const allowed = typeof methods === 'function' ? methods(req) : methods;
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      if (!allowed.includes(method)) throw new ApiError('method_not_allowed', 'method not allowed');
      next();
    });
  }
  return r;
}

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
 * Order per request, as Healthchecks': CORS → 405 for a method the path does not serve →
 * /status/ (no key) → POST body parsed → key (header, else the body's api_key) → routes → 404 →
 * errors in Healthchecks' shape.
 */
export function mountHealthchecksApi(app: Express, ctx: V1Context): void {
  const urls = { appBaseUrl: ctx.config.appBaseUrl, pingBase: ctx.config.pingDomains[0] ?? ctx.config.appBaseUrl };
  const scheme = /^https:/i.test(urls.pingBase) ? 'https' : 'http';
  const router = Router();
  router.use(cors, methodsAllowed(), hcStatusRouter(ctx.pool));
  router.use(...hcAuthenticate(ctx));
  router.use(
    hcChecksRouter(ctx, urls),
    hcFlipsRouter(ctx),
    hcPingsRouter(ctx, { appBaseUrl: urls.appBaseUrl, scheme }),
    hcChannelsRouter(ctx),
    hcBadgesRouter(ctx),
  );
  router.use(() => {
    throw ApiError.notFound('not found');
  });
  router.use(errorMiddleware(ctx.logger, { shape: hcErrorShape }));
  app.use(['/api/v3', '/api/v2'], router);
}
