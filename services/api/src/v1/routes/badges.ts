import { Router } from 'express';
import { presentBadge, projectBadges } from '@upmon/domain';
import { authOf } from '../authenticate.js';
import type { V1Context } from '../context.js';

/**
 * GET /badges: the URLs of the project's badges, one for all checks (`*`, first) and one per tag
 * in use, each as SVG, JSON and shields.io endpoint. Read-only keys may call it.
 */
export function badgesRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/badges', async (_req, res) => {
    const badges = await projectBadges(ctx.pool, ctx.config.appBaseUrl, authOf(res).projectId);
    res.json({ data: badges.map(presentBadge) });
  });
  return r;
}
