import { Router, type Response } from 'express';
import {
  addIncidentUpdate,
  createIncident,
  deleteIncident,
  deleteIncidentUpdate,
  editIncidentUpdate,
  type FieldErrors,
  findIncident,
  incidentIdParam,
  incidentUpdateIdParam,
  listCheckNames,
  listIncidents,
  readStatusPageSettings,
  updateIncident,
  validateIncidentInput,
  validateIncidentPatch,
  validateIncidentUpdate,
  validateIncidentUpdateEdit,
} from '@upmon/domain';
import { asForm, field } from '../forms/form-values.js';
import { componentChoicesOf, componentsOf, formComponentErrors, impactValuesOf, type IncidentComponentChoices } from '../forms/incident-form.js';
import { formErrorsOf } from '../http/form-errors.js';
import { noticeOf } from '../http/notice.js';
import { projectAccess, requireRole, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { IncidentPage, type IncidentFormState } from '../views/status-pages/incident-page.js';
import { EMPTY_INCIDENT_FORM, IncidentsPage, type NewIncidentForm } from '../views/status-pages/incidents-page.js';
import type { WebContext } from '../web-context.js';

/** Incidents listed on the incidents page (open ones and the newest resolved ones); the API pages through all. */
const LISTED = 50;

const NOTICES: Record<string, string> = {
  opened: 'Incident opened. It is on the public page within seconds.',
  posted: 'Update posted.',
  edited: 'Update edited; the page marks it “edited”.',
  'update-deleted': 'Update deleted.',
  changed: 'Incident saved.',
  deleted: 'Incident deleted.',
};

/**
 * Incidents on the project's status page (docs/status-pages.md, "Incidents"): everyone in the
 * account sees them; owners, admins and members open, update, resolve and delete them.
 */
export function incidentsRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);
  const base = (access: ProjectAccess) => `/projects/${access.project.id}/status-page/incidents`;

  const choicesOf = async (projectId: string): Promise<IncidentComponentChoices | null> => {
    const [page, checks] = await Promise.all([readStatusPageSettings(ctx.prisma, projectId), listCheckNames(ctx.prisma, projectId)]);
    return page ? componentChoicesOf(page, new Map(checks.map((c) => [c.id, c.name]))) : null;
  };

  const showList = async (
    res: Response,
    access: ProjectAccess,
    extra: { form?: NewIncidentForm; errors?: FieldErrors; notice?: string | null } = {},
    status = 200,
  ) => {
    const choices = await choicesOf(access.project.id);
    const incidents = choices ? await listIncidents(ctx.prisma, access.project.id, { limit: LISTED }) : [];
    sendPage(
      res,
      <IncidentsPage
        page={pageContext(res, ctx.assets)}
        access={access}
        choices={choices}
        incidents={incidents}
        form={extra.form ?? EMPTY_INCIDENT_FORM}
        errors={extra.errors}
        notice={extra.notice ?? null}
      />,
      status,
    );
  };

  const showIncident = async (
    res: Response,
    access: ProjectAccess,
    id: string,
    extra: { sent?: IncidentFormState; errors?: FieldErrors; notice?: string | null } = {},
    status = 200,
  ) => {
    const [incident, choices] = await Promise.all([findIncident(ctx.prisma, access.project.id, id), choicesOf(access.project.id)]);
    const page = choices ?? { checks: [], groups: [] };
    sendPage(
      res,
      <IncidentPage
        page={pageContext(res, ctx.assets)}
        access={access}
        incident={incident}
        choices={page}
        impacts={impactValuesOf(
          incident.components.map((c) => ({ check: c.checkId, group: c.groupName, impact: c.impact })),
          page,
        )}
        sent={extra.sent ?? null}
        errors={extra.errors}
        notice={extra.notice ?? null}
      />,
      status,
    );
  };

  const access = async (res: Response, projectId: string, write: boolean) => {
    const a = await projectAccess(ctx, viewerOf(res) as Viewer, projectId);
    if (write) requireRole(a.role, 'incidents.write');
    return a;
  };

  r.get('/projects/:id/status-page/incidents', async (req, res) => {
    await showList(res, await access(res, req.params.id, false), { notice: noticeOf(NOTICES, req.query.done) ?? null });
  });

  r.post('/projects/:id/status-page/incidents', async (req, res) => {
    const a = await access(res, req.params.id, true);
    const body = asForm(req.body);
    const choices = (await choicesOf(a.project.id)) ?? { checks: [], groups: [] };
    const { components, fieldNames } = componentsOf(body, choices);
    const form: NewIncidentForm = {
      title: field(body, 'title'),
      state: field(body, 'state'),
      message: field(body, 'message'),
      impacts: Object.fromEntries(fieldNames.map((n) => [n, field(body, n)])),
    };
    let id: string;
    try {
      const input = validateIncidentInput({ title: form.title, state: form.state, message: form.message, components });
      id = (await createIncident(ctx.prisma, a.scope, input, ctx.clock.now())).id;
    } catch (err) {
      const e = formErrorsOf(err);
      await showList(res, a, { form, errors: formComponentErrors(e.errors, fieldNames) }, e.status);
      return;
    }
    res.redirect(303, `${base(a)}/${id}?done=opened`);
  });

  r.get('/projects/:id/status-page/incidents/:incident', async (req, res) => {
    const a = await access(res, req.params.id, false);
    await showIncident(res, a, incidentIdParam(req.params.incident), { notice: noticeOf(NOTICES, req.query.done) ?? null });
  });

  r.post('/projects/:id/status-page/incidents/:incident', async (req, res) => {
    const a = await access(res, req.params.id, true);
    const id = incidentIdParam(req.params.incident);
    const body = asForm(req.body);
    const choices = (await choicesOf(a.project.id)) ?? { checks: [], groups: [] };
    const { components, fieldNames } = componentsOf(body, choices);
    const title = field(body, 'title');
    try {
      await updateIncident(ctx.prisma, a.scope, id, validateIncidentPatch({ title, components }), ctx.clock.now());
    } catch (err) {
      const e = formErrorsOf(err);
      const impacts = Object.fromEntries(fieldNames.map((n) => [n, field(body, n)]));
      await showIncident(res, a, id, { sent: { form: 'change', title, impacts }, errors: formComponentErrors(e.errors, fieldNames) }, e.status);
      return;
    }
    res.redirect(303, `${base(a)}/${id}?done=changed`);
  });

  r.post('/projects/:id/status-page/incidents/:incident/updates', async (req, res) => {
    const a = await access(res, req.params.id, true);
    const id = incidentIdParam(req.params.incident);
    const body = asForm(req.body);
    const sent = { form: 'update' as const, state: field(body, 'state'), message: field(body, 'message') };
    try {
      await addIncidentUpdate(ctx.prisma, a.scope, id, validateIncidentUpdate({ state: sent.state, message: sent.message }), ctx.clock.now());
    } catch (err) {
      const e = formErrorsOf(err);
      await showIncident(res, a, id, { sent, errors: e.errors }, e.status);
      return;
    }
    res.redirect(303, `${base(a)}/${id}?done=posted`);
  });

  r.post('/projects/:id/status-page/incidents/:incident/updates/:update', async (req, res) => {
    const a = await access(res, req.params.id, true);
    const id = incidentIdParam(req.params.incident);
    const updateId = incidentUpdateIdParam(req.params.update);
    const message = field(asForm(req.body), 'message');
    try {
      await editIncidentUpdate(ctx.prisma, a.scope, id, updateId, validateIncidentUpdateEdit({ message }), ctx.clock.now());
    } catch (err) {
      const e = formErrorsOf(err);
      await showIncident(res, a, id, { sent: { form: 'edit', updateId, message }, errors: e.errors }, e.status);
      return;
    }
    res.redirect(303, `${base(a)}/${id}?done=edited`);
  });

  r.post('/projects/:id/status-page/incidents/:incident/updates/:update/delete', async (req, res) => {
    const a = await access(res, req.params.id, true);
    const id = incidentIdParam(req.params.incident);
    try {
      await deleteIncidentUpdate(ctx.prisma, a.scope, id, incidentUpdateIdParam(req.params.update), ctx.clock.now());
    } catch (err) {
      const e = formErrorsOf(err);
      await showIncident(res, a, id, { errors: e.errors }, e.status);
      return;
    }
    res.redirect(303, `${base(a)}/${id}?done=update-deleted`);
  });

  r.post('/projects/:id/status-page/incidents/:incident/delete', async (req, res) => {
    const a = await access(res, req.params.id, true);
    await deleteIncident(ctx.prisma, a.scope, incidentIdParam(req.params.incident));
    res.redirect(303, `${base(a)}?done=deleted`);
  });
  return r;
}
