import { timingSafeEqual } from 'node:crypto';
import { randomToken } from '@upmon/crypto';
import type { RequestHandler } from 'express';
import type { WebContext } from '../web-context.js';
import { cookieName, readCookie, setCookie } from './cookies.js';
import { viewerOf } from './viewer.js';
import { WebError } from './web-error.js';

/** The hidden field every form carries. */
export const CSRF_FIELD = '_csrf';
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/**
 * The request's CSRF token in res.locals.csrf: the session's own when signed in; before sign-in
 * (sign-in, sign-up, reset forms) a random token in a cookie of its own that the form must echo
 * (double submit), so a third-party site cannot post those forms in the person's browser either.
 */
export function provideCsrfToken(ctx: WebContext): RequestHandler {
  const name = cookieName('upmon_csrf', { secure: ctx.secureCookies });
  return (req, res, next) => {
    const viewer = viewerOf(res);
    if (viewer) {
      res.locals.csrf = viewer.csrfToken;
    } else {
      let token = readCookie(req, name);
      if (!token || !TOKEN.test(token)) {
        token = randomToken(24);
        setCookie(res, name, token, { secure: ctx.secureCookies }, 24 * 3600);
      }
      res.locals.csrf = token;
    }
    next();
  };
}

/** Constant-time comparison of two tokens. */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Every non-GET request must carry the token in its form body (checked after the body is parsed). */
export const verifyCsrf: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') {
    next();
    return;
  }
  const sent = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
  if (typeof sent !== 'string' || !sameToken(sent, res.locals.csrf as string)) {
    throw new WebError(403, 'This form has expired or did not come from upmon. Go back, reload the page and try again.');
  }
  next();
};
