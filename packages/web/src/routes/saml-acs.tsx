import { finishSamlSignIn } from '@upmon/domain';
import { Router } from 'express';
import { uuidParam } from '../http/project-access.js';
import { completeSignIn } from '../http/second-factor.js';
import { asForm, field } from '../forms/form-values.js';
import type { WebContext } from '../web-context.js';
import { refuseSso } from '../http/sso-refusal-page.js';

/**
 * The SAML assertion consumer service of each account (`/sso/saml/<account>/acs`): the IdP's
 * browser form posts the response here, cross-site, so no CSRF token and no Lax cookie come with
 * it. Every check of the response is `finishSamlSignIn`'s. An SP-initiated sign-in then goes on to
 * `/sso/saml/complete` with its state, where the browser's own cookie must match; an
 * IdP-initiated one (only when the owner allowed it) is signed in here.
 */
export function samlAcsRouter(ctx: WebContext): Router {
  const r = Router();
  r.post('/sso/saml/:accountId/acs', async (req, res) => {
    const accountId = uuidParam(req.params.accountId);
    const body = asForm(req.body);
    const client = ctx.clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']);
    try {
      const relayState = field(body, 'RelayState').slice(0, 100) || null;
      const done = await finishSamlSignIn(ctx.sso, { accountId, samlResponse: field(body, 'SAMLResponse'), relayState, client });
      if (done.state) res.redirect(303, `/sso/saml/complete?state=${encodeURIComponent(done.state)}`);
      else await completeSignIn(ctx, req, res, done.user, '/projects');
    } catch (err) {
      res.locals.csrf = '';
      await refuseSso(ctx, req, res, err);
    }
  });
  return r;
}
