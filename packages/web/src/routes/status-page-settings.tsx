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
import { asForm, checked, field, fields, type FormBody } from '../forms/form-values.js';
import { formErrorsOf } from '../http/form-errors.js';
import { notFound } from '../http/web-error.js';
import { readPublicStatusPage } from '../queries/public-status-page.js';
import { LISTED_INCIDENTS } from '../views/status-pages/public-status-model.js';
import { publicStatusHtml } from './public-status.js';
import { projectAccess, requireRole, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { StatusPageSettingsPage, type StatusPageForm } from '../views/status-pages/status-page-settings.js';
import type { WebContext } from '../web-context.js';

type ProjectCheck = { id: string; name: string };

/** "up:<id>" / "down:<id>": a move button's value, or null. */
function moveOf(value: string): { dir: 'up' | 'down'; id: string } | null {
  const m = /^(up|down):([0-9a-zA-Z_-]{1,64})$/.exec(value.slice(0, 80));
  return m ? { dir: m[1] as 'up' | 'down', id: m[2] as string } : null;
}

/**
 * The form → the API's status page body, and the form as it will be shown again (with errors).
 * A group slot is kept when it has a name or checks, so the body's group indices are the
 * re-shown form's. Checks keep the order of the form's `order` fields (checks not in them: last,
 * by name); a move button swaps its check with its neighbour in its group.
 */
function inputOf(body: FormBody, checks: ProjectCheck[]): { input: Record<string, unknown>; form: StatusPageForm } {
  const names = Array.from({ length: STATUS_PAGE_LIMITS.groups }, (_, i) => field(body, `groups.${i}.name`));
  const byId = new Map(checks.map((c) => [c.id, c]));
  const ordered = new Set<string>();
  for (const id of fields(body, 'order').slice(0, checks.length)) if (byId.has(id)) ordered.add(id);
  for (const c of [...checks].sort((a, b) => a.name.localeCompare(b.name))) ordered.add(c.id);
  const members: string[][] = names.map(() => []);
  for (const id of ordered) {
    const group = field(body, `group_${id}`);
    if (/^\d{1,2}$/.test(group)) members[Number(group)]?.push(id);
  }
  const move = moveOf(field(body, 'move'));
  const list = move ? members.find((m) => m.includes(move.id)) : undefined;
  if (move && list) {
    const at = list.indexOf(move.id);
    const to = move.dir === 'up' ? at - 1 : at + 1;
    if (to >= 0 && to < list.length) [list[at], list[to]] = [list[to] as string, move.id];
  }
  const placement = new Map<string, [number, number]>();
  const groups: { name: string; checks: string[] }[] = [];
  names.forEach((name, i) => {
    const ids = members[i] ?? [];
    if (name.trim() === '' && ids.length === 0) return;
    ids.forEach((id, position) => placement.set(id, [groups.length, position]));
    groups.push({ name, checks: ids });
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

  const show = async (
    res: Response,
    access: ProjectAccess,
    extra: { form?: StatusPageForm; errors?: FieldErrors; saved?: boolean; moved?: string } = {},
    status = 200,
  ) => {
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
        moved={extra.moved}
      />,
      status,
    );
  };

  r.get('/projects/:id/status-page', async (req, res) => {
    const moved = typeof req.query.moved === 'string' && moveOf(req.query.moved) ? req.query.moved : undefined;
    await show(res, await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id), { saved: req.query.saved === '1', moved });
  });

  // The public page as saved, for anyone in the account, published or not, never cached (docs/web.md).
  r.get('/projects/:id/status-page/preview', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    const saved = await readStatusPageSettings(ctx.prisma, access.project.id);
    const now = ctx.clock.now();
    const data = saved ? await readPublicStatusPage(ctx.pool, saved.publicKey, now, LISTED_INCIDENTS, true) : null;
    if (!saved || !data) throw notFound();
    const html = publicStatusHtml(data, now, ctx.assets, saved.publicKey);
    res.status(200);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(`<!doctype html>${html}`);
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
    // After a move its button keeps the focus (autofocus, which also scrolls it into view: a #fragment would stop autofocus).
    const move = moveOf(field(asForm(req.body), 'move'));
    const base = `/projects/${access.project.id}/status-page?saved=1`;
    res.redirect(303, move ? `${base}&moved=${move.dir}:${move.id}` : base);
  });
  return r;
}
