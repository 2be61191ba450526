import { AAD } from '@upmon/crypto';
import { isProbedKind, joinHttpConfig, type CheckKind } from '@upmon/core';
import { Router, type Response } from 'express';
import {
  ApiError,
  spendCheckChange,
  createCheck,
  findCheckRow,
  listCheckNames,
  runTestProbe,
  storedProbeConfig,
  updateCheck,
  validateCheckInput,
  type TestProbeResult,
} from '@upmon/domain';
import type { FormBody } from '../forms/form-values.js';
import { checkFormDefaults, checkBodyFromForm, formValuesOf, formValuesOfCheck, type CheckFormValues } from '../forms/check-form.js';
import { asForm, field } from '../forms/form-values.js';
import { formErrorsOf } from '../http/form-errors.js';
import { checkAccess, projectAccess, requireRole, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { notFound } from '../http/web-error.js';
import { CheckFormPage } from '../views/checks/check-form-page.js';
import type { FormErrors } from '../views/form-fields.js';
import type { WebContext } from '../web-context.js';

/** A kind named in a query or form: a known one, else heartbeat. */
function kindOf(value: unknown): CheckKind {
  return typeof value === 'string' && isProbedKind(value) ? value : 'heartbeat';
}

/**
 * Create and edit forms of checks. The form is turned into the API's request body and goes
 * through the API's own validation, budgets and services: the same rules and messages.
 */
export function checkFormsRouter(ctx: WebContext): Router {
  const r = Router();
  r.use(['/projects', '/checks'], requireViewer);

  const crumbsOf = (access: ProjectAccess, check?: { id: string; name: string }) => [
    { label: 'Projects', href: '/projects' },
    { label: access.project.name, href: `/projects/${access.project.id}` },
    ...(check ? [{ label: check.name, href: `/checks/${check.id}` }] : []),
    { label: check ? 'Edit' : 'New check' },
  ];

  /** The project's checks but `exceptId`, by name: the dependencies the form offers. */
  const otherChecks = (projectId: string, exceptId?: string) => listCheckNames(ctx.prisma, projectId, exceptId);

  /**
   * "Test now": one probe of the form's settings from the prober (nothing saved), its result shown
   * above the form with the form as it was. Errors come back as the form's field errors.
   */
  const testProbe = async (form: FormBody, kind: CheckKind, access: ProjectAccess) => {
    const { body, errors } = checkBodyFromForm(form, kind, { create: true });
    if (!isProbedKind(kind)) return { result: null, errors: { _form: ['Only probed checks can be tested.'] }, status: 422 };
    try {
      if (Object.keys(errors).length > 0) throw ApiError.validation({});
      const deps = { queues: ctx.queues, redis: ctx.redis, cipher: ctx.cipher, rateLimiter: ctx.rateLimiter, prefix: ctx.config.redisPrefix };
      return { result: await runTestProbe(deps, access.scope.accountId, kind, body[`${kind}_config`]), errors: {}, status: 200 };
    } catch (err) {
      const e = formErrorsOf(err, errors);
      return { result: null, errors: e.errors, status: e.status };
    }
  };

  /** The create form (of a kind) or the edit form (of a check), with the form's values, messages and "Test now" result. */
  const sendForm = async (
    res: Response,
    access: ProjectAccess,
    target: { kind: CheckKind; check?: { id: string; name: string; codeKey: string | null } },
    values: CheckFormValues,
    errors: FormErrors,
    status = 200,
    probeResult: TestProbeResult | null = null,
  ) => {
    const { check } = target;
    const base = check ? `/checks/${check.id}` : `/projects/${access.project.id}/checks`;
    sendPage(
      res,
      <CheckFormPage
        page={pageContext(res, ctx.assets)}
        access={access}
        kind={target.kind}
        values={values}
        errors={errors}
        action={check ? `${base}/edit` : `${base}/new`}
        testAction={`${base}/test-probe`}
        probeResult={probeResult}
        mode={check ? 'edit' : 'create'}
        crumbs={crumbsOf(access, check)}
        checkName={check?.name}
        codeKey={check?.codeKey}
        otherChecks={await otherChecks(access.project.id, check?.id)}
      />,
      status,
    );
  };

  r.get('/projects/:id/checks/new', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    const kind = kindOf(req.query.kind);
    await sendForm(res, access, { kind }, checkFormDefaults(kind), {});
  });

  r.post('/projects/:id/checks/new', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    const form = asForm(req.body);
    const kind = kindOf(field(form, 'kind'));
    const { body, errors } = checkBodyFromForm(form, kind, { create: true });
    try {
      // Validated first (a mistake costs no budget), then the account's creation budget shared with the API.
      const input = validateCheckInput(body);
      if (Object.keys(errors).length > 0) throw ApiError.validation({}); // the form's own (errors), shown with the rest
      await spendCheckChange(ctx.rateLimiter, ctx.config.redisPrefix, 'create', access.scope.accountId);
      const row = await createCheck(ctx, access.scope, input);
      res.redirect(303, `/checks/${row.id}?done=created`);
    } catch (err) {
      const e = formErrorsOf(err, errors);
      for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
      await sendForm(res, access, { kind }, formValuesOf(form), e.errors, e.status);
    }
  });

  r.post('/projects/:id/checks/test-probe', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    requireRole(access.role, 'checks.write');
    const form = asForm(req.body);
    const kind = kindOf(field(form, 'kind'));
    const t = await testProbe(form, kind, access);
    await sendForm(res, access, { kind }, formValuesOf(form), t.errors, t.status, t.result);
  });

  const loadForEdit = async (viewer: Viewer, id: string) => {
    const access = await checkAccess(ctx, viewer, id);
    requireRole(access.role, 'checks.write');
    const row = await findCheckRow(ctx.prisma, access.project.id, id);
    if (!row) throw notFound();
    return { access, row };
  };

  r.get('/checks/:id/edit', async (req, res) => {
    const { access, row } = await loadForEdit(viewerOf(res) as Viewer, req.params.id);
    const httpConfig =
      row.kind === 'http' && row.httpConfig
        ? joinHttpConfig(row.httpConfig, row.httpSecrets ? ctx.cipher.decryptJson(row.httpSecrets, AAD.checkHttpSecrets(row.id)) : null)
        : null;
    const probeConfig = row.kind !== 'http' && isProbedKind(row.kind) ? storedProbeConfig(row, ctx.cipher) : null;
    await sendForm(res, access, { kind: row.kind, check: row }, formValuesOfCheck({ ...row, httpConfig, probeConfig }), {});
  });

  r.post('/checks/:id/edit', async (req, res) => {
    const { access, row } = await loadForEdit(viewerOf(res) as Viewer, req.params.id);
    const form = asForm(req.body);
    const { body, errors } = checkBodyFromForm(form, row.kind, { create: false });
    try {
      if (Object.keys(errors).length > 0) throw ApiError.validation({});
      await updateCheck(ctx, access.scope, row.id, body);
      res.redirect(303, `/checks/${row.id}?done=saved`);
    } catch (err) {
      const e = formErrorsOf(err, errors);
      await sendForm(res, access, { kind: row.kind, check: row }, { ...formValuesOf(form), slug: row.slug ?? '' }, e.errors, e.status);
    }
  });

  r.post('/checks/:id/test-probe', async (req, res) => {
    const { access, row } = await loadForEdit(viewerOf(res) as Viewer, req.params.id);
    const form = asForm(req.body);
    const t = await testProbe(form, row.kind, access);
    await sendForm(res, access, { kind: row.kind, check: row }, { ...formValuesOf(form), slug: row.slug ?? '' }, t.errors, t.status, t.result);
  });

  return r;
}
