import { recordSsoRefusal, SsoRefusal } from '@upmon/domain';
import type { Request, Response } from 'express';
import { SsoRefusedPage } from '../views/sso/sso-refused-page.js';
import type { WebContext } from '../web-context.js';
import { pageContext, sendPage } from './render.js';

/** A refused SSO sign-in: its page (401) and, for the account whose IdP answered, its audit entry. */
export async function refuseSso(ctx: WebContext, req: Request, res: Response, err: unknown): Promise<void> {
  if (!(err instanceof SsoRefusal)) throw err;
  await recordSsoRefusal(ctx.prisma, err, ctx.clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']));
  ctx.logger.warn({ reason: err.reason, accountId: err.accountId, detail: err.detail }, 'SSO sign-in refused');
  sendPage(res, <SsoRefusedPage page={pageContext(res, ctx.assets)} message={err.message} />, 401);
}
