import { accountRequiringSso } from '@upmon/domain';
import type { Request, Response } from 'express';
import type { WebContext } from '../web-context.js';
import { pageContext, sendPage } from './render.js';
import { recordPersonEvent } from './sign-in-audit.js';
import { SsoRequiredPage } from '../views/sso/sso-required-page.js';

/**
 * Refuses a password, e-mailed-link or set-password-link sign-in of a member of an account that
 * requires SSO (its break-glass owner with two-factor excepted): a 403 page pointing to "Continue
 * with SSO", and a failed sign-in in the audit log. True when it refused.
 */
export async function refuseForSso(ctx: WebContext, req: Request, res: Response, user: { id: string; email: string }): Promise<boolean> {
  const account = await accountRequiringSso(ctx.prisma, user.id);
  if (!account) return false;
  await recordPersonEvent(ctx, req, user, 'sign_in.failed', `password or link refused: ${account.accountName} requires SSO`);
  sendPage(res, <SsoRequiredPage page={pageContext(res, ctx.assets)} accountName={account.accountName} email={user.email} />, 403);
  return true;
}
