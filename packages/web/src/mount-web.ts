import express, { Router, type Express } from 'express';
import { createCipher } from '@upmon/crypto';
import { createOutboundGuard } from '@upmon/outbound';
import type { WebDeps } from './web-deps.js';
import { createClientAddressResolver } from '@upmon/service-kit';
import { RateLimiter } from '@upmon/domain';
import { loadAssets } from './http/assets.js';
import { provideCsrfToken, verifyCsrf } from './http/csrf.js';
import { loadViewer, requireTwoFactorSetUp } from './http/sessions.js';
import { securityHeaders } from './http/security-headers.js';
import { notFound } from './http/web-error.js';
import { webErrorMiddleware } from './http/web-error-middleware.js';
import { accountsRouter } from './routes/accounts.js';
import { badgesRouter } from './routes/badges.js';
import { ackLinkRouter } from './routes/ack-link.js';
import { authRouter } from './routes/auth.js';
import { bulkChecksRouter } from './routes/bulk-checks.js';
import { checkFormsRouter } from './routes/check-forms.js';
import { checksRouter } from './routes/checks.js';
import { checkAcknowledgeRouter } from './routes/check-acknowledge.js';
import { integrationsRouter } from './routes/integrations.js';
import { invitationsRouter } from './routes/invitations.js';
import { keysRouter } from './routes/keys.js';
import { locationsRouter } from './routes/locations.js';
import { incidentsRouter } from './routes/incidents.js';
import { maintenanceRouter } from './routes/maintenance.js';
import { oncallRouter } from './routes/oncall.js';
import { reportsRouter } from './routes/reports.js';
import { meRouter } from './routes/me.js';
import { twoFactorRouter } from './routes/two-factor.js';
import { projectsRouter } from './routes/projects.js';
import { publicStatusRouter } from './routes/public-status.js';
import { statusSubscriptionsRouter } from './routes/status-subscriptions.js';
import { statusPageSubscribersRouter } from './routes/status-page-subscribers.js';
import { schedulePreviewRouter } from './routes/schedule-preview.js';
import { signUpRouter } from './routes/sign-up.js';
import { samlAcsRouter } from './routes/saml-acs.js';
import { ssoSettingsRouter } from './routes/sso-settings.js';
import { ssoSignInRouter } from './routes/sso-sign-in.js';
import { statusPageSettingsRouter } from './routes/status-page-settings.js';
import type { WebContext } from './web-context.js';
import { WEB_FIRST_SEGMENTS } from './web-paths.js';

const WEB_SEGMENTS = new Set<string>(WEB_FIRST_SEGMENTS);

/** `/` and every path under one of the app's first segments. */
export function isWebPath(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  return first === '' || WEB_SEGMENTS.has(first);
}

/**
 * Mounts the web app (docs/web.md): server-rendered pages over the same domain services as the
 * REST API. Order per request: security headers → hashed static assets → form body → the
 * signed-in viewer → CSRF token (checked on every non-GET) → one router per area → 404 page →
 * error pages.
 */
export function mountWeb(app: Express, deps: WebDeps): void {
  const https = deps.config.appBaseUrl.startsWith('https:');
  const cipher = createCipher(deps.config.encryptionKeys);
  const ctx: WebContext = {
    ...deps,
    cipher,
    rateLimiter: new RateLimiter(deps.redis, deps.logger),
    assets: loadAssets(),
    secureCookies: https,
    clientIp: createClientAddressResolver(deps.config.trustedProxies),
    sso: {
      prisma: deps.prisma,
      cipher,
      guard: createOutboundGuard({ allowCidrs: deps.config.outboundAllowCidrs }),
      allowHttp: deps.config.ssoAllowHttp,
      appBaseUrl: deps.config.appBaseUrl,
      dnsResolvers: deps.config.ssoDnsResolvers,
      clock: deps.clock,
    },
  };
  const web = Router();
  web.use((req, _res, next) => next(isWebPath(req.path) ? undefined : 'router'));
  web.use(securityHeaders(https));
  web.use('/static', ctx.assets.handler);
  web.get('/favicon.ico', (_req, res) => res.redirect(301, ctx.assets.url('favicon.svg')));
  // Public status pages: before the session and CSRF cookies, so a shared cache never stores one.
  web.use(publicStatusRouter(ctx));
  web.use(express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 500 }));
  // Acknowledgement links: the token authorises the POST, not the CSRF field (routes/ack-link.tsx).
  web.use(ackLinkRouter(ctx));
  // Status page subscriptions: a public form and mailed links; no session (routes/status-subscriptions.tsx).
  web.use(statusSubscriptionsRouter(ctx));
  // The SAML ACS: the IdP's signed answer authorises the POST (a cross-site form post, no CSRF token).
  web.use(samlAcsRouter(ctx));
  web.use(loadViewer(ctx), provideCsrfToken(ctx), verifyCsrf, requireTwoFactorSetUp());
  web.get('/', (_req, res) => res.redirect(303, res.locals.viewer ? '/projects' : '/sign-in'));
  web.use(authRouter(ctx), ssoSignInRouter(ctx), signUpRouter(ctx), invitationsRouter(ctx), meRouter(ctx), twoFactorRouter(ctx));
  web.use(
    projectsRouter(ctx),
    bulkChecksRouter(ctx),
    checkFormsRouter(ctx),
    checksRouter(ctx),
    checkAcknowledgeRouter(ctx),
    keysRouter(ctx),
    locationsRouter(ctx),
    integrationsRouter(ctx),
    statusPageSettingsRouter(ctx),
    incidentsRouter(ctx),
    statusPageSubscribersRouter(ctx),
    maintenanceRouter(ctx),
    oncallRouter(ctx),
    reportsRouter(ctx),
    badgesRouter(ctx),
    accountsRouter(ctx),
    ssoSettingsRouter(ctx),
  );
  web.use(schedulePreviewRouter(ctx.clock));
  web.use(() => {
    throw notFound();
  });
  web.use(webErrorMiddleware(deps.logger, ctx.assets));
  app.use(web);
}
