import { Router, type Response } from 'express';
import {
  listCheckNames,
  ApiError,
  type FieldErrors,
  maintenanceIdParam,
  listMaintenance,
  createMaintenance,
  deleteMaintenance,
  endMaintenance,
  validateMaintenanceInput,
} from '@upmon/domain';
import { asForm } from '../forms/form-values.js';
import { EMPTY_MAINTENANCE_FORM, maintenanceInputOf, type MaintenanceForm } from '../forms/maintenance-form.js';
import { formErrorsOf } from '../http/form-errors.js';
import { projectAccess, requireRole, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { noticeOf } from '../http/notice.js';
import { maintenanceViews } from '../queries/project-maintenance.js';
import { MaintenancePage } from '../views/maintenance/maintenance-page.js';
import type { WebContext } from '../web-context.js';

const NOTICES: Record<string, string> = {
  created: 'Maintenance window created.',
  ended: 'Maintenance ended. Checks still not up are notified once.',
  deleted: 'Maintenance window deleted.',
};

/** The project's maintenance windows (docs/web.md): listed for everyone in the account; members and up create, end and delete them. */
export function maintenanceRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);

  const show = async (
    res: Response,
    access: ProjectAccess,
    extra: { form?: MaintenanceForm; errors?: FieldErrors; notice?: string | null } = {},
    status = 200,
  ) => {
    const now = ctx.clock.now();
    const [windows, checks] = await Promise.all([listMaintenance(ctx.prisma, access.project.id, now), listCheckNames(ctx.prisma, access.project.id)]);
    sendPage(
      res,
      <MaintenancePage
        page={pageContext(res, ctx.assets)}
        access={access}
        windows={maintenanceViews(windows, now)}
        checks={checks}
        form={extra.form ?? EMPTY_MAINTENANCE_FORM}
        errors={extra.errors}
        notice={extra.notice ?? null}
      />,
      status,
    );
  };

  r.get('/projects/:id/maintenance', async (req, res) => {
    const done = noticeOf(NOTICES, req.query.done) ?? null;
    await show(res, await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id), { notice: done });
  });

  r.post('/projects/:id/maintenance', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    const { input, form, errors } = maintenanceInputOf(asForm(req.body));
    const now = ctx.clock.now();
    try {
      const valid = validateMaintenanceInput(input, now);
      if (Object.keys(errors).length > 0) throw ApiError.validation({});
      await createMaintenance(ctx.prisma, access.scope, valid, now);
    } catch (err) {
      // What only the form can get wrong (a local time, its zone) is said once, in the form's words.
      const e = formErrorsOf(err);
      for (const field of Object.keys(errors)) delete e.errors[field];
      await show(res, access, { form, errors: { ...e.errors, ...errors } }, e.status);
      return;
    }
    res.redirect(303, `/projects/${access.project.id}/maintenance?done=created`);
  });

  for (const action of ['end', 'delete'] as const) {
    r.post(`/projects/:id/maintenance/:window/${action}`, async (req, res) => {
      const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
      requireRole(access.role, 'checks.write');
      const id = maintenanceIdParam(req.params.window);
      try {
        if (action === 'end') await endMaintenance(ctx.prisma, access.scope, id, ctx.clock.now());
        else await deleteMaintenance(ctx.prisma, access.scope, id, ctx.clock.now());
      } catch (err) {
        const e = formErrorsOf(err);
        await show(res, access, { errors: e.errors }, e.status);
        return;
      }
      res.redirect(303, `/projects/${access.project.id}/maintenance?done=${action === 'end' ? 'ended' : 'deleted'}`);
    });
  }
  return r;
}
