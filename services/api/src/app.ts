import express, { type Express } from 'express';
import { healthRequestHandler } from '@upmon/service-kit';
import type { AppDeps } from './app-deps.js';
import { badgeRouter } from './badges/index.js';
import { oncallFeedRouter } from './oncall-feeds/oncall-feed-routes.js';
import { projectMetricsRouter } from './project-metrics/index.js';
import { errorMiddleware } from './http/error-middleware.js';
import { mountHealthchecksApi } from './hc/index.js';
import { mountEmailVerification } from './email-verification/index.js';
import { mountTelegramWebhook } from './telegram/index.js';
import { createV1Context, mountApiV1 } from './v1/index.js';
import { mountWeb } from '@upmon/web';
import { mountScim } from './scim/scim-routes.js';

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETags: hashing every JSON body costs CPU on the hot read paths and API clients poll with
  // fresh requests anyway.
  app.set('etag', false);
  // The API port is public: /readyz says ready or not; which dependency failed goes to the log.
  const health = healthRequestHandler(deps.readiness, deps.isShuttingDown, { details: false, logger: deps.logger });
  app.get(['/healthz', '/readyz'], (req, res, next) => {
    health(req, res).then((handled) => (handled ? undefined : next()), next);
  });
  // REST API v1: everything under /api/v1 is answered there (its own 404 and errors). The
  // Healthchecks-compatible API and the project metrics share its services and per-key budgets.
  const v1 = createV1Context(deps);
  mountApiV1(app, v1);
  mountHealthchecksApi(app, v1);
  mountTelegramWebhook(app, deps);
  mountEmailVerification(app, deps);
  // SCIM 2.0 provisioning for identity providers (/scim/v2, a token per account: docs/sso.md).
  mountScim(app, deps);
  // Public badges (no key): /badge/<badge_key>/<tag>.<format>.
  app.use(badgeRouter(deps.pool));
  // Public on-call calendars (no key): /ical/oncall/<secret token>.ics (docs/oncall.md).
  app.use(oncallFeedRouter(v1));
  // Each project's checks for its own Prometheus (Healthchecks' format), read with a read-only key.
  app.use(projectMetricsRouter(v1));
  // The web app: `/` and its own first path segments (web/web-paths.ts), pages and their errors.
  mountWeb(app, deps);
  // Ping URLs never reach Express: the raw ping receiver in front of it (start-api.ts) answers
  // them (docs/pings.md), so what gets here unmatched is a 404.
  app.use((_req, res) => {
    res.status(404).json({ message: 'not found' });
  });
  // Last resort for the other routers: JSON errors, 500s logged with an error id.
  app.use(errorMiddleware(deps.logger));
  return app;
}
