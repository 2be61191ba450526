import { projectBadges } from '@upmon/domain';
import { Router } from 'express';
import { projectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { BadgesPage } from '../views/badges/badges-page.js';
import type { WebContext } from '../web-context.js';

/** A project's badges (everyone in the account, every plan): the same list as the API's GET /badges. */
export function badgesRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);
  r.get('/projects/:id/badges', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    const badges = await projectBadges(ctx.pool, ctx.config.appBaseUrl, access.project.id);
    sendPage(res, <BadgesPage page={pageContext(res, ctx.assets)} access={access} badges={badges} />);
  });
  return r;
}
