import type { RequestHandler } from 'express';
import type { WebContext } from '../web-context.js';
import { viewerOf, type Viewer } from './viewer.js';

/**
 * How long a proof of who the person is (signing in, or "confirm it's you" with their password or a
 * second factor) lets them change their second factors: someone who finds a signed-in browser, or
 * steals a session cookie, cannot add their own key or turn two-factor off with the session alone.
 */
export const RECENT_AUTHENTICATION_MS = 10 * 60_000;

export function isRecentlyAuthenticated(viewer: Viewer, now: Date): boolean {
  return viewer.authenticatedAt !== null && now.getTime() - viewer.authenticatedAt.getTime() < RECENT_AUTHENTICATION_MS;
}

/** For the routes that change second factors: without a recent proof, nothing changes and the page asks for one. */
export function requireRecentAuthentication(ctx: WebContext): RequestHandler {
  return (_req, res, next) => {
    if (isRecentlyAuthenticated(viewerOf(res) as Viewer, ctx.clock.now())) {
      next();
      return;
    }
    res.redirect(303, '/me/two-factor?done=confirm-first');
  };
}

/** The person proved who they are just now, in this session. */
export async function markAuthenticated(ctx: WebContext, viewer: Viewer): Promise<void> {
  await ctx.prisma.session.update({ where: { id: viewer.sessionId }, data: { authenticatedAt: ctx.clock.now() } });
}
