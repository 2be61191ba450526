import type { Response } from 'express';
import type { WebContext } from '../web-context.js';
import { cookieName, setCookie } from './cookies.js';

/** The state of the browser's SSO sign-in under way (10 minutes, like the sign-in's row). */
export const ssoStateCookie = (ctx: Pick<WebContext, 'secureCookies'>) => cookieName('upmon_sso', { secure: ctx.secureCookies });

export function setSsoStateCookie(ctx: Pick<WebContext, 'secureCookies'>, res: Response, state: string): void {
  setCookie(res, ssoStateCookie(ctx), state, { secure: ctx.secureCookies }, 600);
}
