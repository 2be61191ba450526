import { Router } from 'express';
import { ApiError, readSsoOverview } from '@upmon/domain';
import { authOf } from '../authenticate.js';
import type { V1Context } from '../context.js';

/** GET /sso: the key's account's single sign-on (read-write keys; changes are an owner's, in the web app). */
export function ssoRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/sso', async (_req, res) => {
    const auth = authOf(res);
    if (auth.kind !== 'rw') throw new ApiError('forbidden', 'single sign-on settings need a read-write API key: they name the account’s owners');
    res.json({ data: await readSsoOverview(ctx.prisma, ctx.config.appBaseUrl, auth.accountId) });
  });
  return r;
}
