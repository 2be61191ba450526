import { Router, type Response } from 'express';
import {
  type FieldErrors,
  listCheckNames,
  statusPageUrl,
  readStatusPageSettings,
  saveStatusPage,
  STATUS_PAGE_LIMITS,
  validateStatusPageInput,
} from '@upmon/domain';
import { asForm, checked, field, type FormBody } from '../forms/form-values.js';
import { formErrorsOf } from '../http/form-errors.js';
import { projectAccess, requireRole, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { StatusPageSettingsPage, type StatusPageForm } from '../views/status-pages/status-page-settings.js';
import type { WebContext } from '../web-context.js';

type ProjectCheck = { id: string; name: string };

/**
 * The form → the API's status page body, and the form as it will be shown again (with errors).
 * A group slot is kept when it has a name or checks, so the body's group indices are the
 * re-shown form's. Checks are ordered by their place (blank: last), then name.
 */
function inputOf(body: FormBody, checks: ProjectCheck[]): { input: Record<string, unknown>; form: StatusPageForm } {
  const names = Array.from({ length: STATUS_PAGE_LIMITS.groups }, (_, i) => field(body, `groups.${i}.name`));
  const members: { id: string; name: string; place: number }[][] = names.map(() => []);
  const placement = new Map<string, [number, number]>();
  for (const c of checks) {
    const group = field(body, `group_${c.id}`);
    if (!/^\d{1,2}$/.test(group) || Number(group) >= names.length) continue;
    const place = field(body, `place_${c.id}`).trim();
    members[Number(group)]?.push({ id: c.id, name: c.name, place: /^\d{1,4}$/.test(place) ? Number(place) : Infinity });
  }
  const groups: { name: string; checks: string[] }[] = [];
  names.forEach((name, i) => {
    const list = (members[i] ?? []).sort((a, b) => a.place - b.place || a.name.localeCompare(b.name));
    if (name.trim() === '' && list.length === 0) return;
    list.forEach((m, position) => placement.set(m.id, [groups.length, position]));
    groups.push({ name, checks: list.map((m) => m.id) });
  });
  const title = field(body, 'title');
  const enabled = checked(body, 'enabled');
  return { input: { title, enabled, groups }, form: { title, enabled, groups: groups.map((g) => g.name), placement } };
}

/** The project's status page settings (docs/status-pages.md): everyone in the account sees them; owners and admins change them. */
export function statusPageSettingsRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);

  const projectChecks = (projectId: string) => listCheckNames(ctx.prisma, projectId);

  const show = async (res: Response, access: ProjectAccess, extra: { form?: StatusPageForm; errors?: FieldErrors; saved?: boolean } = {}, status = 200) => {
    const saved = await readStatusPageSettings(ctx.prisma, access.project.id);
    const form: StatusPageForm = extra.form ?? {
      title: saved?.title ?? access.project.name,
      enabled: saved?.enabled ?? false,
      groups: saved?.groups.map((g) => g.name) ?? [],
      placement: new Map(saved?.groups.flatMap((g, gi) => g.checkIds.map((id, ci): [string, [number, number]] => [id, [gi, ci]])) ?? []),
    };
    sendPage(
      res,
      <StatusPageSettingsPage
        page={pageContext(res, ctx.assets)}
        access={access}
        checks={await projectChecks(access.project.id)}
        form={form}
        publicUrl={saved ? statusPageUrl(ctx.config.appBaseUrl, saved.publicKey) : null}
        maxGroups={STATUS_PAGE_LIMITS.groups}
        errors={extra.errors}
        saved={extra.saved}
      />,
      status,
    );
  };

  r.get('/projects/:id/status-page', async (req, res) => {
    await show(res, await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id), { saved: req.query.saved === '1' });
  });

  r.post('/projects/:id/status-page', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'status_page.manage');
    const { input, form } = inputOf(asForm(req.body), await projectChecks(access.project.id));
    try {
      await saveStatusPage(ctx.prisma, access.scope, validateStatusPageInput(input));
    } catch (err) {
      const e = formErrorsOf(err);
      await show(res, access, { form, errors: e.errors }, e.status);
      return;
    }
    res.redirect(303, `/projects/${access.project.id}/status-page?saved=1`);
  });
  return r;
}
