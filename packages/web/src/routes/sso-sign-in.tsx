import { findSsoForEmail, finishOidcSignIn, finishSamlBrowser, serviceProviderMetadata, startOidcSignIn, startSamlSignIn } from '@upmon/domain';
import { isPlausibleEmail, normalizeEmail } from '@upmon/user-store';
import { Router, type Request, type Response } from 'express';
import { clearCookie, readCookie } from '../http/cookies.js';
import { pageContext, safeNext, sendPage } from '../http/render.js';
import { completeSignIn } from '../http/second-factor.js';
import { ssoStateCookie, setSsoStateCookie } from '../http/sso-cookie.js';
import { throttle } from '../http/throttle.js';
import { uuidParam } from '../http/project-access.js';
import { SsoEmailPage } from '../views/sso/sso-email-page.js';
import { refuseSso } from '../http/sso-refusal-page.js';
import type { WebContext } from '../web-context.js';

/**
 * "Continue with SSO" and the SP side of the sign-ins (docs/sso.md): the address finds the
 * account, /sso/<account>/start sends the browser to its IdP (OpenID Connect when both are on),
 * the OIDC redirect URI and the end of a SAML sign-in start the session. The SAML ACS itself is
 * `saml-acs.tsx` (mounted before the CSRF check).
 */
export function ssoSignInRouter(ctx: WebContext): Router {
  const r = Router();
  const client = (req: Request) => ctx.clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']);

  r.get('/sign-in/sso', async (req, res) => {
    const raw = typeof req.query.email === 'string' ? req.query.email.slice(0, 254) : '';
    const email = normalizeEmail(raw);
    const next = safeNext(req.query.next);
    if (!raw) {
      sendPage(res, <SsoEmailPage page={pageContext(res, ctx.assets)} email="" next={next} />);
      return;
    }
    if (!isPlausibleEmail(email)) {
      sendPage(res, <SsoEmailPage page={pageContext(res, ctx.assets)} email={raw} next={next} error="Enter your work e-mail address." />, 422);
      return;
    }
    await throttle(ctx, req, 'sso-lookup', email);
    const found = await findSsoForEmail(ctx.prisma, email);
    if (!found) {
      const domain = email.slice(email.lastIndexOf('@') + 1);
      sendPage(
        res,
        <SsoEmailPage
          page={pageContext(res, ctx.assets)}
          email={raw}
          next={next}
          error={`No account signs in with single sign-on for ${domain} (an owner must verify the domain and set up an identity provider first).`}
        />,
        404,
      );
      return;
    }
    sendPage(res, <SsoEmailPage page={pageContext(res, ctx.assets)} email={email} next={next} found={found} />);
  });

  r.get('/sso/:accountId/start', async (req, res) => {
    const accountId = uuidParam(req.params.accountId);
    const next = safeNext(req.query.next);
    const settings = await ctx.prisma.ssoSettings.findUnique({ where: { accountId } });
    const protocol = req.query.protocol === 'saml' || (settings && !settings.oidcEnabled && settings.samlEnabled) ? 'saml' : 'oidc';
    try {
      const { url, state } = protocol === 'saml' ? await startSamlSignIn(ctx.sso, accountId, next) : await startOidcSignIn(ctx.sso, accountId, next);
      setSsoStateCookie(ctx, res, state);
      res.redirect(303, url);
    } catch (err) {
      await refuseSso(ctx, req, res, err);
    }
  });

  r.get('/sso/oidc/callback', async (req, res) => {
    const cookieState = readCookie(req, ssoStateCookie(ctx)) ?? null;
    clearCookie(res, ssoStateCookie(ctx), { secure: ctx.secureCookies });
    try {
      const url = new URL(req.originalUrl.slice(0, 4000), ctx.config.appBaseUrl);
      const done = await finishOidcSignIn(ctx.sso, { url, cookieState, client: client(req) });
      await completeSignIn(ctx, req, res, done.user, done.next ?? '/projects');
    } catch (err) {
      await refuseSso(ctx, req, res, err);
    }
  });

  // The browser that started an SP-initiated SAML sign-in comes here from the ACS (a top-level GET,
  // so it carries its state cookie) and is signed in.
  r.get('/sso/saml/complete', async (req, res) => {
    const cookieState = readCookie(req, ssoStateCookie(ctx)) ?? null;
    clearCookie(res, ssoStateCookie(ctx), { secure: ctx.secureCookies });
    try {
      const state = typeof req.query.state === 'string' ? req.query.state.slice(0, 100) : null;
      const done = await finishSamlBrowser(ctx.sso, cookieState, state);
      await completeSignIn(ctx, req, res, done.user, done.next ?? '/projects');
    } catch (err) {
      await refuseSso(ctx, req, res, err);
    }
  });

  r.get('/sso/saml/:accountId/metadata', async (req, res) => {
    const accountId = uuidParam(req.params.accountId);
    res.type('application/samlmetadata+xml').send(serviceProviderMetadata(ctx.sso, accountId));
  });

  return r;
}
