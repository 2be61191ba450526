import { ACK_LINK_SEGMENT } from '@upmon/core';
import { createAckTokens, type AckTokenClaims } from '@upmon/crypto';
import { Router, type Request, type Response } from 'express';
import { ApiError, acknowledgeCheck } from '@upmon/domain';
import { CSRF_FIELD, provideCsrfToken, sameToken } from '../http/csrf.js';
import { pageContext, sendPage } from '../http/render.js';
import { loadViewer } from '../http/sessions.js';
import { viewerOf } from '../http/viewer.js';
import { readAckLinkTarget, type AckLinkTarget } from '../queries/ack-link-target.js';
import { AckLinkPage, type AckLinkState } from '../views/ack/ack-link-page.js';
import type { WebContext } from '../web-context.js';

/** Recorded as the acknowledger when nobody of the check's account is signed in. */
const BY_LINK = 'alert link';

const STATUS: Record<AckLinkState['kind'], number> = { confirm: 200, acknowledged: 200, ended: 200, invalid: 400, expired: 410, gone: 404 };

/**
 * The signed acknowledgement links of down alerts (docs/notifications.md, "Acknowledgement"):
 * `GET /ack/<token>` shows the check and a button and changes nothing; `POST` acknowledges the
 * one episode the token names (via `link`).
 *
 * Mounted before the web app's CSRF check: the token, not a session, authorises the POST, so an
 * alert opened on a phone without an upmon session works. What a cross-site POST could add is
 * only the name: the acknowledgement is recorded as the signed-in person's only when the form's
 * CSRF field matches their session (and they belong to the check's account); otherwise as
 * "alert link". Either way it can do nothing but acknowledge that episode of that check.
 */
export function ackLinkRouter(ctx: WebContext): Router {
  const r = Router();
  const tokens = createAckTokens(ctx.config.encryptionKeys);
  const path = `/${ACK_LINK_SEGMENT}/:token`;
  const session = [loadViewer(ctx), provideCsrfToken(ctx)];

  /** The person to name, if signed in and of the check's account. */
  const member = (res: Response, accountId: string) => {
    const viewer = viewerOf(res);
    return viewer && viewer.memberships.some((m) => m.accountId === accountId) ? viewer : null;
  };

  const render = (res: Response, state: AckLinkState, status = STATUS[state.kind]) => {
    // The token is in the URL: no Referer leaves this page.
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Robots-Tag', 'noindex');
    sendPage(res, <AckLinkPage page={pageContext(res, ctx.assets)} state={state} />, status);
  };

  /** The verified token's check and episode, or the page saying why not. */
  const resolve = async (req: Request, now: Date): Promise<{ state: AckLinkState } | { claims: AckTokenClaims; target: AckLinkTarget }> => {
    const token = req.params.token;
    const claims = tokens.verify(typeof token === 'string' ? token : '', now);
    if (!claims.ok) return { state: claims.reason === 'expired' ? { kind: 'expired', checkId: claims.checkId } : { kind: 'invalid' } };
    const target = await readAckLinkTarget(ctx.pool, claims.checkId, claims.flipId);
    if (!target) return { state: { kind: 'gone' } };
    return { claims, target };
  };

  r.get(path, ...session, async (req, res) => {
    const now = ctx.clock.now();
    const found = await resolve(req, now);
    if ('state' in found) return render(res, found.state);
    const { target } = found;
    if (target.acknowledged) return render(res, { kind: 'acknowledged', target: { ...target, acknowledged: target.acknowledged }, justNow: false });
    if (!target.episodeOpen) return render(res, { kind: 'ended', target });
    const viewer = member(res, target.accountId);
    render(res, { kind: 'confirm', target, signedInAs: viewer?.email ?? null });
  });

  r.post(path, ...session, async (req, res) => {
    const now = ctx.clock.now();
    const found = await resolve(req, now);
    if ('state' in found) return render(res, found.state);
    const { claims, target } = found;
    const viewer = member(res, target.accountId);
    const sent = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
    const by = viewer && typeof sent === 'string' && sameToken(sent, viewer.csrfToken) ? viewer.email : BY_LINK;
    try {
      const ack = await acknowledgeCheck(ctx.pool, { checkId: claims.checkId, projectId: null, flipId: claims.flipId, by, via: 'link', now });
      const justNow = target.acknowledged === null && ack.at.getTime() === now.getTime();
      render(res, { kind: 'acknowledged', target: { ...target, acknowledged: ack }, justNow });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'conflict') {
        const latest = await readAckLinkTarget(ctx.pool, claims.checkId, claims.flipId);
        // The episode ended between the page and the click (or the check went down again).
        return render(res, latest ? { kind: 'ended', target: latest } : { kind: 'gone' }, 409);
      }
      throw err;
    }
  });
  return r;
}
