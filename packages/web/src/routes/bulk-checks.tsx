import { bulkCheckIds, changeChecksTag, createMaintenance, deleteCheck, pauseOrResumeChecks, ApiError, BULK_CHECKS_MAX } from '@upmon/domain';
import { Router } from 'express';
import { projectAccess, requireRole } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { asForm, field, fields } from '../forms/form-values.js';
import { dashboardHref, dashboardQueryOfSearch } from '../dashboard-query.js';
import { BULK_MAINTENANCE_HOURS } from '../views/projects/bulk-actions-form.js';
import { BulkDeletePage } from '../views/projects/bulk-delete-page.js';
import type { WebContext } from '../web-context.js';

const HOUR_MS = 3_600_000;

/**
 * The dashboard's bulk actions (docs/web.md, "Bulk actions"): the checks ticked on a page are
 * paused, resumed, tagged, untagged, put in maintenance or (after a confirmation page) deleted.
 * Members and up; a CSRF-checked POST like every change, then back to the dashboard's view with a notice.
 */
export function bulkChecksRouter(ctx: WebContext): Router {
  const r = Router();

  r.post('/projects/:id/checks/bulk', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    const body = asForm(req.body);
    const ids = bulkCheckIds(fields(body, 'check').slice(0, BULK_CHECKS_MAX + 1));
    const base = `/projects/${access.project.id}`;
    const now = ctx.clock.now();
    const action = field(body, 'action');
    let done: string;
    if (action === 'pause' || action === 'resume') {
      await pauseOrResumeChecks(ctx, access.scope, ids, action, now);
      done = action === 'pause' ? 'paused' : 'resumed';
    } else if (action === 'tag_add' || action === 'tag_remove') {
      await changeChecksTag(ctx.prisma, access.scope, ids, field(body, 'tag'), action === 'tag_add' ? 'add' : 'remove');
      done = action === 'tag_add' ? 'tagged' : 'untagged';
    } else if (action === 'maintenance') {
      const hours = Number(field(body, 'hours'));
      if (!BULK_MAINTENANCE_HOURS.includes(hours)) throw ApiError.validation({ hours: ['must be 1, 4 or 24'] }, 'The maintenance must last 1, 4 or 24 hours.');
      await createMaintenance(
        ctx.prisma,
        access.scope,
        {
          name: `${ids.length} ${ids.length === 1 ? 'check' : 'checks'} from the dashboard`,
          scope: 'checks',
          tags: [],
          checkIds: ids,
          startsAt: now,
          endsAt: new Date(now.getTime() + hours * HOUR_MS),
          schedule: null,
          tz: null,
          durationMin: null,
        },
        now,
      );
      done = 'in-maintenance';
    } else if (action === 'delete') {
      const checks = await ctx.prisma.check.findMany({
        where: { projectId: access.project.id, id: { in: ids } },
        select: { id: true, name: true },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      });
      if (checks.length === 0) throw ApiError.validation({ checks: ['none is in this project'] }, 'None of the selected checks is in this project any more.');
      if (field(body, 'confirm') !== 'yes') {
        // Deleting asks first, on a page of its own naming every check (works without script).
        sendPage(res, <BulkDeletePage page={pageContext(res, ctx.assets)} access={access} checks={checks} />);
        return;
      }
      // One by one through the API's deletion (its budget, shared with the API; each audited).
      for (const c of checks) await deleteCheck(ctx.prisma, ctx.rateLimiter, ctx.config.redisPrefix, access.scope, c.id);
      done = 'deleted';
    } else {
      throw ApiError.validation({ action: ["must be one of the form's actions"] }, 'Choose what to do with the selected checks.');
    }
    // Back to the view the form was sent from (read again as the dashboard reads its URL).
    const back = dashboardHref(base, dashboardQueryOfSearch(field(body, 'view')));
    res.redirect(303, `${back}${back.includes('?') ? '&' : '?'}done=${done}`);
  });

  return r;
}
