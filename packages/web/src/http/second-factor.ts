import { hasSecondFactor, issueUserToken } from '@upmon/user-store';
import type { Request, Response } from 'express';
import type { WebContext } from '../web-context.js';
import { clearCookie, cookieName, setCookie } from './cookies.js';
import { startSession } from './sessions.js';
import { recordSignIn } from './sign-in-audit.js';
import { viewerOf } from './viewer.js';
import { refuseForSso } from './sso-required.js';

/** The second step must follow within 10 minutes of the first. */
export const SECOND_STEP_TTL_SEC = 600;

export const secondStepCookie = (ctx: Pick<WebContext, 'secureCookies'>) => cookieName('upmon_2fa', { secure: ctx.secureCookies });

/**
 * The first factor (a password, an e-mailed link, a set-password link) proved: a person with
 * two-factor authentication goes on to the second step (a short-lived one-time token in a cookie
 * of its own names them; no session yet); anyone else is signed in.
 */
export async function afterFirstFactor(ctx: WebContext, req: Request, res: Response, user: { id: string; email: string }, next: string): Promise<void> {
  // An account that requires SSO refuses its members' passwords and links (docs/sso.md).
  if (await refuseForSso(ctx, req, res, user)) return;
  if (await hasSecondFactor(ctx.prisma, user.id)) {
    const token = await issueUserToken(ctx.prisma, { userId: user.id, purpose: 'two_factor', ttlMs: SECOND_STEP_TTL_SEC * 1000, now: ctx.clock.now() });
    setCookie(res, secondStepCookie(ctx), token, { secure: ctx.secureCookies }, SECOND_STEP_TTL_SEC);
    res.redirect(303, `/sign-in/two-factor?next=${encodeURIComponent(next)}`);
    return;
  }
  await completeSignIn(ctx, req, res, user, next);
}

/** Starts the session, logs the sign-in, and goes on to `next`. */
export async function completeSignIn(ctx: WebContext, req: Request, res: Response, user: { id: string; email: string }, next: string): Promise<void> {
  clearCookie(res, secondStepCookie(ctx), { secure: ctx.secureCookies });
  await recordSignIn(ctx, req, user, 'sign_in');
  await startSession(ctx, res, user.id, viewerOf(res));
  res.redirect(303, next);
}
