import { Router, type Request, type Response } from 'express';
import {
  ApiError,
  addWebhookSubscriber,
  exportSubscribers,
  importSubscribers,
  listSubscribers,
  removeSubscriber,
  subscriberIdParam,
  validateStatusPageSubscriber,
  validateSubscriberImport,
} from '@upmon/domain';
import { asForm, field } from '../forms/form-values.js';
import { formErrorsOf } from '../http/form-errors.js';
import { projectAccess, requireRole, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import type { FormErrors } from '../views/form-fields.js';
import { SubscribersPage } from '../views/status-pages/subscribers-page.js';
import type { WebContext } from '../web-context.js';

const NOTICES: Record<string, string> = {
  removed: 'Subscriber removed.',
  webhook: 'Webhook added.',
};

/** The status page's subscribers in the web app (docs/status-pages.md, "Managing subscribers"): owners and admins. */
export function statusPageSubscribersRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);
  const base = (projectId: string) => `/projects/${projectId}/status-page/subscribers`;

  /** The project, for owners and admins only: even reading shows personal addresses. */
  const access = async (req: Request, res: Response): Promise<ProjectAccess> => {
    const a = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id as string);
    requireRole(a.role, 'status_page.manage');
    return a;
  };

  const show = async (
    res: Response,
    a: ProjectAccess,
    extra: { form?: { url: string; csv: string }; errors?: FormErrors; notice?: string | null } = {},
    status = 200,
  ) => {
    let list = null;
    try {
      list = await listSubscribers(ctx.prisma, a.project.id, { limit: 100 });
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'not_found')) throw err;
    }
    sendPage(
      res,
      <SubscribersPage
        page={pageContext(res, ctx.assets)}
        access={a}
        list={list}
        form={extra.form ?? { url: '', csv: '' }}
        errors={extra.errors}
        notice={extra.notice ?? null}
      />,
      status,
    );
  };

  r.get('/projects/:id/status-page/subscribers', async (req, res) => {
    const notice = typeof req.query.done === 'string' ? (NOTICES[req.query.done] ?? null) : null;
    await show(res, await access(req, res), { notice });
  });

  r.get('/projects/:id/status-page/subscribers.csv', async (req, res) => {
    const csv = await exportSubscribers(ctx.prisma, (await access(req, res)).scope);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="subscribers.csv"');
    res.setHeader('Cache-Control', 'no-store');
    res.send(csv);
  });

  r.post('/projects/:id/status-page/subscribers/:sid/remove', async (req, res) => {
    const a = await access(req, res);
    await removeSubscriber(ctx.prisma, a.scope, subscriberIdParam(req.params.sid));
    res.redirect(303, `${base(a.project.id)}?done=removed`);
  });

  r.post('/projects/:id/status-page/subscribers/webhook', async (req, res) => {
    const a = await access(req, res);
    const url = field(asForm(req.body), 'url');
    try {
      await addWebhookSubscriber(ctx.prisma, a.scope, validateStatusPageSubscriber({ kind: 'webhook', url }).url, ctx.clock.now());
    } catch (err) {
      const e = formErrorsOf(err);
      return show(res, a, { form: { url, csv: '' }, errors: e.errors }, e.status);
    }
    res.redirect(303, `${base(a.project.id)}?done=webhook`);
  });

  r.post('/projects/:id/status-page/subscribers/import', async (req, res) => {
    const a = await access(req, res);
    const csv = field(asForm(req.body), 'csv');
    try {
      const done = await importSubscribers(ctx.prisma, a.scope, validateSubscriberImport({ csv }).csv, ctx.clock.now());
      const invalid = done.invalid.length ? ` Lines that are not an address: ${done.invalid.join(', ')}.` : '';
      await show(res, a, { notice: `${done.added} added, ${done.existing} already subscribed.${invalid}` });
    } catch (err) {
      const e = formErrorsOf(err);
      await show(res, a, { form: { url: '', csv }, errors: e.errors }, e.status);
    }
  });
  return r;
}
