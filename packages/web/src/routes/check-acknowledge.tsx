import { Router } from 'express';
import { acknowledgeCheck } from '@upmon/domain';
import { checkAccess, requireRole } from '../http/project-access.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import type { WebContext } from '../web-context.js';

/**
 * The check page's "Acknowledge" button (members and up; docs/notifications.md,
 * "Acknowledgement"): the same domain service as the API, recorded as the person's e-mail address
 * via `web`. A check that is not down (any more) gets the service's 409 page.
 */
export function checkAcknowledgeRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/checks', requireViewer);
  r.post('/checks/:id/acknowledge', async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    const access = await checkAccess(ctx, viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    const checkId = req.params.id.toLowerCase();
    await acknowledgeCheck(ctx.pool, { checkId, projectId: access.project.id, by: viewer.email, via: 'web', now: ctx.clock.now() });
    res.redirect(303, `/checks/${checkId}?done=acknowledged`);
  });
  return r;
}
