import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, type CheckStatus } from '@upmon/core';
import { randomToken } from '@upmon/crypto';
import { Router } from 'express';
import { projectAccess, requireRole } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { notFound } from '../http/web-error.js';
import { DashboardRows } from '../dashboard-rows.js';
import { asForm, field } from '../forms/form-values.js';
import { dashboardChecks, liveStatuses } from '../queries/dashboard-checks.js';
import type { FormErrors } from '../views/form-fields.js';
import { DashboardPage, dashboardTitle, STATUSES } from '../views/projects/dashboard-page.js';
import { ProjectsPage, type AccountProjects } from '../views/projects/projects-page.js';
import type { WebContext } from '../web-context.js';

async function accountProjects(ctx: WebContext, viewer: Viewer): Promise<AccountProjects[]> {
  const ids = viewer.memberships.map((m) => m.accountId);
  const { rows } = await ctx.pool.query<{ id: string; name: string; accountId: string; checks: number; down: number; late: number }>({
    name: 'web-projects-of-accounts',
    text: `SELECT p.id, p.name, p.account_id AS "accountId", count(c.id)::int AS checks,
             (count(c.id) FILTER (WHERE c.status = 'down'))::int AS down, (count(c.id) FILTER (WHERE c.status = 'late'))::int AS late
           FROM projects p LEFT JOIN checks c ON c.project_id = p.id
           WHERE p.account_id = ANY($1::uuid[]) GROUP BY p.id ORDER BY p.created_at, p.id`,
    values: [ids],
  });
  return viewer.memberships.map((m) => ({ ...m, projects: rows.filter((p) => p.accountId === m.accountId) }));
}

const isStatus = (v: unknown): v is CheckStatus => typeof v === 'string' && (STATUSES as string[]).includes(v);

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
    const p = await ctx.prisma.project.create({ data: { accountId: m.accountId, name, pingKey: randomToken(16) } });
    res.redirect(303, `/projects/${p.id}`);
  });

  r.get('/projects/:id', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    const all = await dashboardChecks(ctx.pool, access.project.id);
    const tag = typeof req.query.tag === 'string' && req.query.tag !== '' ? req.query.tag.slice(0, 100) : null;
    const status = isStatus(req.query.status) ? req.query.status : null;
    const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<CheckStatus, number>;
    const tags = new Set<string>();
    for (const c of all) {
      counts[c.status]++;
      for (const t of c.tags) tags.add(t);
    }
    const checks = all.filter((c) => (tag === null || c.tags.includes(tag)) && (status === null || c.status === status));
    sendPage(
      res,
      <DashboardPage
        page={pageContext(res, ctx.assets)}
        access={access}
        shown={checks.length}
        rowsHtml={rows.html(checks)}
        tags={[...tags].sort()}
        filter={{ tag, status }}
        counts={counts}
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
