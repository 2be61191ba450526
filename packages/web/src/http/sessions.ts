import { randomToken, sha256Hex } from '@upmon/crypto';
import type { RequestHandler, Response } from 'express';
import type pg from 'pg';
import type { WebContext } from '../web-context.js';
import { clearCookie, cookieName, readCookie, setCookie } from './cookies.js';
import type { Viewer } from './viewer.js';

/** A session lasts 30 days from sign-in (then the person signs in again). */
export const SESSION_TTL_SEC = 30 * 24 * 3600;
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

export const sessionCookie = (ctx: Pick<WebContext, 'secureCookies'>) => cookieName('upmon_session', { secure: ctx.secureCookies });

/** The session of the token, with the user and their accounts, in one round trip; null when unknown or expired. */
async function findViewer(pool: pg.Pool, token: string): Promise<Omit<Viewer, 'client'> | null> {
  const { rows } = await pool.query<Omit<Viewer, 'client'>>({
    name: 'web-find-session',
    text: `SELECT s.id AS "sessionId", u.id AS "userId", u.email, u.name, s.csrf_token AS "csrfToken", s.authenticated_at AS "authenticatedAt",
             (u.totp_secret IS NOT NULL OR EXISTS (SELECT 1 FROM security_keys k WHERE k.user_id = u.id)) AS "hasTwoFactor",
             EXISTS (SELECT 1 FROM memberships m JOIN accounts a ON a.id = m.account_id WHERE m.user_id = u.id AND a.require_two_factor) AS "twoFactorRequired",
             coalesce((SELECT json_agg(json_build_object('accountId', m.account_id, 'accountName', a.name, 'plan', a.plan, 'role', m.role)
                                       ORDER BY a.created_at, a.id)
                       FROM memberships m JOIN accounts a ON a.id = m.account_id WHERE m.user_id = u.id), '[]') AS memberships
           FROM sessions s JOIN users u ON u.id = s.user_id
           WHERE s.token_hash = $1 AND s.expires_at > now()`,
    values: [sha256Hex(token)],
  });
  return rows[0] ?? null;
}

/**
 * A person without two-factor authentication in an account that requires it is sent to set it
 * up: every page but their profile's and signing out redirects there.
 */
export function requireTwoFactorSetUp(): RequestHandler {
  return (req, res, next) => {
    const viewer = res.locals.viewer as Viewer | null;
    if (viewer && viewer.twoFactorRequired && !viewer.hasTwoFactor && !/^\/(me|sign-out)(\/|$)/.test(req.path)) {
      res.redirect(303, '/me/two-factor');
      return;
    }
    next();
  };
}

/** Puts the signed-in person (or null) in res.locals.viewer. */
export function loadViewer(ctx: WebContext): RequestHandler {
  return async (req, res, next) => {
    const token = readCookie(req, sessionCookie(ctx));
    const found = token && TOKEN.test(token) ? await findViewer(ctx.pool, token) : null;
    res.locals.viewer = found ? ({ ...found, client: ctx.clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']) } satisfies Viewer) : null;
    next();
  };
}

/**
 * Signs the user in: a new session (new cookie token, new CSRF token) replaces the one the
 * browser had, so a token planted before sign-in is worthless after it.
 */
export async function startSession(ctx: WebContext, res: Response, userId: string, previous: Viewer | null): Promise<void> {
  if (previous) await ctx.prisma.session.deleteMany({ where: { id: previous.sessionId } });
  const token = randomToken(32);
  const now = ctx.clock.now();
  await ctx.prisma.session.create({
    data: {
      userId,
      tokenHash: sha256Hex(token),
      csrfToken: randomToken(24),
      // Signing in is a proof of who they are (recent for second-factor changes: http/recent-authentication.ts).
      authenticatedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_SEC * 1000),
    },
  });
  setCookie(res, sessionCookie(ctx), token, { secure: ctx.secureCookies }, SESSION_TTL_SEC);
}

export async function endSession(ctx: WebContext, res: Response, viewer: Viewer | null): Promise<void> {
  if (viewer) await ctx.prisma.session.deleteMany({ where: { id: viewer.sessionId } });
  clearCookie(res, sessionCookie(ctx), { secure: ctx.secureCookies });
}

/** "Sign out everywhere": every session of the user, this one included. */
export async function endAllSessions(ctx: WebContext, res: Response, userId: string): Promise<void> {
  await ctx.prisma.session.deleteMany({ where: { userId } });
  clearCookie(res, sessionCookie(ctx), { secure: ctx.secureCookies });
}
