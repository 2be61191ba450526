import { activeOccurrence, CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, maintenanceOf, maintenanceSpecOf } from '@upmon/core';
import { createProject, listProjectCheckCounts, snoozeInForce } from '@upmon/domain';
import { Router } from 'express';
import { projectAccess, requireRole } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { notFound } from '../http/web-error.js';
import { DashboardRows } from '../dashboard-rows.js';
import { asForm, field } from '../forms/form-values.js';
import { dashboardChecks, dashboardSummary, liveStatuses } from '../queries/dashboard-checks.js';
import { readRowHistories, type RowHistory } from '../queries/dashboard-history.js';
import { maintenanceWindowsSince } from '../queries/project-maintenance.js';
import { RECENT_WINDOW_MS } from '../recent-history.js';
import { dashboardHref, parseDashboardQuery } from '../dashboard-query.js';
import { noticeOf } from '../http/notice.js';
import type { FormErrors } from '../views/form-fields.js';
import { DashboardPage, dashboardTitle } from '../views/projects/dashboard-page.js';
import { ProjectsPage, type AccountProjects } from '../views/projects/projects-page.js';
import type { WebContext } from '../web-context.js';

async function accountProjects(ctx: WebContext, viewer: Viewer): Promise<AccountProjects[]> {
  const rows = await listProjectCheckCounts(
    ctx.pool,
    viewer.memberships.map((m) => m.accountId),
  );
  return viewer.memberships.map((m) => ({ ...m, projects: rows.filter((p) => p.accountId === m.accountId) }));
}

/** What the dashboard says after one of its bulk actions (routes/bulk-checks.tsx). */
const DASHBOARD_NOTICES: Record<string, string> = {
  paused: 'The selected checks are paused: no alerts until you resume them.',
  resumed: 'The selected checks were resumed.',
  tagged: 'The tag was added to the selected checks.',
  untagged: 'The tag was removed from the selected checks.',
  'in-maintenance': 'The selected checks are in maintenance: their alerts are held until it ends.',
  deleted: 'The selected checks were deleted.',
};

/** The projects list (and creating one), a project's dashboard and its live statuses. */
export function projectsRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);
  const rows = new DashboardRows();

  r.get('/projects', async (_req, res) => {
    const viewer = viewerOf(res) as Viewer;
    sendPage(res, <ProjectsPage page={pageContext(res, ctx.assets)} accounts={await accountProjects(ctx, viewer)} errors={{}} />);
  });

  r.post('/projects', async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    const body = asForm(req.body);
    const m = viewer.memberships.find((x) => x.accountId === field(body, 'account'));
    if (!m) throw notFound();
    requireRole(m.role, 'projects.create');
    const name = field(body, 'name').trim();
    const errors: FormErrors = {};
    if (name === '') errors.name = ['is required'];
    else if (name.length > 255) errors.name = ['must be at most 255 characters'];
    else if (hasControlCharacters(name)) errors.name = [CONTROL_CHARACTERS_MESSAGE];
    if (Object.keys(errors).length > 0) {
      sendPage(res, <ProjectsPage page={pageContext(res, ctx.assets)} accounts={await accountProjects(ctx, viewer)} errors={errors} name={name} />, 422);
      return;
    }
    const p = await createProject(ctx.prisma, m.accountId, name);
    res.redirect(303, `/projects/${p.id}`);
  });

  r.get('/projects/:id', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    const query = parseDashboardQuery(req.query);
    const now = ctx.clock.now();
    const [{ rows: checks, matched }, summary, windows] = await Promise.all([
      dashboardChecks(ctx.pool, access.project.id, query),
      dashboardSummary(ctx.pool, access.project.id),
      maintenanceWindowsSince(ctx.prisma, access.project.id, new Date(now.getTime() - RECENT_WINDOW_MS)),
    ]);
    if (checks.length === 0 && query.page > 1) {
      // Past the last page (checks deleted since the link was made): the first page of the same view.
      res.redirect(303, dashboardHref(`/projects/${access.project.id}`, query, { page: 1 }));
      return;
    }
    const active = windows.map(maintenanceSpecOf).filter((w) => activeOccurrence(w, now) !== null);
    const histories = await readRowHistories(ctx.pool, checks, windows, now);
    const rowsHtml = rows.html(
      checks.map((check) => {
        const m = active.length > 0 ? maintenanceOf(active, check, now) : null;
        return {
          check,
          maintenance: m ? { name: m.window.name, end: m.end } : null,
          snoozed: snoozeInForce(check.snooze, now),
          history: histories.get(check.id) as RowHistory,
        };
      }),
    );
    sendPage(
      res,
      <DashboardPage
        page={pageContext(res, ctx.assets)}
        access={access}
        query={query}
        matched={matched}
        rowsHtml={rowsHtml}
        summary={summary}
        pingUrlBase={`${ctx.config.pingDomains[0]}/${access.project.pingKey}`}
        notice={noticeOf(DASHBOARD_NOTICES, req.query.done)}
      />,
    );
  });

  // Polled by the open dashboard every few seconds (app.js live-status).
  r.get('/projects/:id/status.json', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    const checks = await liveStatuses(ctx.pool, access.project.id);
    const down = checks.filter((c) => c.status === 'down').length;
    res.setHeader('Cache-Control', 'no-store');
    res.json({ title: `${dashboardTitle(access.project.name, down)} · upmon`, down, checks });
  });

  return r;
}
