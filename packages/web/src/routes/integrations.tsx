import { channelKind, isKindName as isKind, maskedConfig } from '@upmon/channels';
import { roleAllows } from '@upmon/core';
import { AAD, randomToken } from '@upmon/crypto';
import type { IntegrationKind } from '@upmon/db';
import { Router, type Response } from 'express';
import {
  ApiError,
  integrationIdParam,
  findIntegration,
  latestTestDelivery,
  listIntegrations,
  createIntegration,
  deleteIntegration,
  issueTelegramLink,
  resendEmailVerification,
  updateIntegration,
  verificationMailing,
  validateIntegrationInput,
} from '@upmon/domain';
import { asForm } from '../forms/form-values.js';
import {
  defaultIntegrationValues,
  formValuesOfIntegration,
  integrationBodyFromForm,
  integrationFormValuesOf,
  type IntegrationFormValues,
} from '../forms/integration-form.js';
import { formErrorsOf } from '../http/form-errors.js';
import { projectAccess, requireRole, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { notFound, WebError } from '../http/web-error.js';
import { noticeOf } from '../http/notice.js';
import { integrationDeliveries, lastDeliveries } from '../queries/check-deliveries.js';
import type { FormErrors } from '../views/form-fields.js';
import { IntegrationFormPage } from '../views/integrations/integration-form-page.js';
import { IntegrationsPage, NewIntegrationPage } from '../views/integrations/integrations-page.js';
import type { WebContext } from '../web-context.js';

/**
 * Integrations of a project: list, create and edit each kind (the API's validation and
 * services), delete, Telegram links, and "send a test notification" (through the notifier; the
 * outcome comes from the delivery log).
 */
export function integrationsRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);
  const telegram = { linkBase: ctx.config.telegramLinkBase, botUsername: ctx.config.telegramBotUsername };
  const verification = verificationMailing({ ...ctx, redisPrefix: ctx.config.redisPrefix, appBaseUrl: ctx.config.appBaseUrl });

  const access = (res: Response, id: string) => projectAccess(ctx, viewerOf(res) as Viewer, id);
  const writable = async (res: Response, id: string) => {
    const a = await access(res, id);
    requireRole(a.role, 'integrations.write');
    return a;
  };
  const own = async (a: ProjectAccess, id: unknown) => {
    const row = await findIntegration(ctx.prisma, a.project.id, integrationIdParam(id));
    if (!row) throw notFound();
    return row;
  };

  r.get('/projects/:id/integrations', async (req, res) => {
    const a = await access(res, req.params.id);
    const rows = await listIntegrations(ctx.prisma, a.project.id);
    const last = await lastDeliveries(
      ctx.pool,
      rows.map((i) => i.id),
    );
    sendPage(
      res,
      <IntegrationsPage
        page={pageContext(res, ctx.assets)}
        access={a}
        integrations={rows.map((i) => ({
          id: i.id,
          kind: i.kind,
          name: i.name,
          enabled: i.enabled,
          events: i.events,
          tags: i.tags as string[] | null,
          linked: i.telegramChatId !== null,
          verified: i.emailVerifiedAt !== null,
          lastDelivery: last.get(i.id) ?? null,
        }))}
      />,
    );
  });

  const createPage = (res: Response, a: ProjectAccess, kind: IntegrationKind, values: IntegrationFormValues, errors: FormErrors, status = 200) =>
    sendPage(res, <IntegrationFormPage page={pageContext(res, ctx.assets)} access={a} kind={kind} values={values} errors={errors} />, status);

  r.get('/projects/:id/integrations/new', async (req, res) => {
    const a = await writable(res, req.params.id);
    const kind = req.query.kind;
    if (!isKind(kind)) sendPage(res, <NewIntegrationPage page={pageContext(res, ctx.assets)} access={a} />);
    else createPage(res, a, kind, defaultIntegrationValues(kind), {});
  });

  r.post('/projects/:id/integrations/new', async (req, res) => {
    const a = await writable(res, req.params.id);
    const kind = req.query.kind;
    if (!isKind(kind)) throw notFound();
    const form = asForm(req.body);
    try {
      const input = validateIntegrationInput(integrationBodyFromForm(form, kind));
      if (input.kind === 'email') await verification.spend(a.scope.accountId);
      const created = await createIntegration(ctx.prisma, ctx.cipher, telegram, a.scope, input, ctx.clock.now());
      const v = created.emailVerification;
      if (v) verification.send({ integrationId: created.row.id, integrationName: input.name, ...v });
      if (created.telegramDeepLink) {
        await showIntegration(res, a, created.row.id, { telegramLink: created.telegramDeepLink, notice: 'Integration added.' }, 201);
        return;
      }
      res.redirect(303, `/projects/${a.project.id}/integrations/${created.row.id}?done=created`);
    } catch (err) {
      const e = formErrorsOf(err);
      createPage(res, a, kind, integrationFormValuesOf(form, kind), e.errors, e.status);
    }
  });

  const NOTICES: Record<string, string> = {
    created: 'Integration added.',
    saved: 'Changes saved.',
    verification: 'A new verification link is on its way to the address.',
  };

  /** The decrypted config; only people who may change the integration see its secrets (docs/web.md, "Roles"). */
  const configShownTo = (a: ProjectAccess, row: { id: number; kind: IntegrationKind; config: Uint8Array }) => {
    const config = ctx.cipher.decryptJson<Record<string, unknown>>(row.config, AAD.integrationConfig(row.id)) ?? {};
    if (roleAllows(a.role, 'integrations.write')) return config;
    const kind = channelKind(row.kind);
    return kind ? maskedConfig(kind, config) : {};
  };

  const showIntegration = async (
    res: Response,
    a: ProjectAccess,
    id: number,
    extra: { values?: IntegrationFormValues; errors?: FormErrors; telegramLink?: string; testSince?: number; notice?: string } = {},
    status = 200,
  ) => {
    const row = await own(a, String(id));
    const values = extra.values ?? formValuesOfIntegration({ ...row, config: configShownTo(a, row) });
    sendPage(
      res,
      <IntegrationFormPage
        page={pageContext(res, ctx.assets)}
        access={a}
        kind={row.kind}
        values={values}
        errors={extra.errors ?? {}}
        integration={{
          id: row.id,
          name: row.name,
          telegramLinked: row.telegramChatId !== null,
          emailVerified: row.emailVerifiedAt !== null,
          codeKey: row.codeKey,
        }}
        deliveries={await integrationDeliveries(ctx.pool, row.id)}
        telegramLink={extra.telegramLink}
        testSince={extra.testSince}
        notice={extra.notice}
      />,
      status,
    );
  };

  r.get('/projects/:id/integrations/:iid', async (req, res) => {
    const a = await access(res, req.params.id);
    const since = typeof req.query.test === 'string' && /^\d{10,15}$/.test(req.query.test) ? Number(req.query.test) : undefined;
    const done = noticeOf(NOTICES, req.query.done);
    await showIntegration(res, a, integrationIdParam(req.params.iid), { testSince: since, notice: done });
  });

  r.post('/projects/:id/integrations/:iid', async (req, res) => {
    const a = await writable(res, req.params.id);
    const row = await own(a, req.params.iid);
    const form = asForm(req.body);
    try {
      const { row: updated, emailVerification: v } = await updateIntegration(ctx.prisma, ctx.cipher, a.scope, row.id, integrationBodyFromForm(form, row.kind), {
        now: ctx.clock.now(),
        beforeVerificationMail: () => verification.spend(a.scope.accountId),
      });
      if (v) verification.send({ integrationId: updated.id, integrationName: updated.name, ...v });
      res.redirect(303, `/projects/${a.project.id}/integrations/${row.id}?done=saved`);
    } catch (err) {
      const e = formErrorsOf(err);
      await showIntegration(res, a, row.id, { values: integrationFormValuesOf(form, row.kind), errors: e.errors }, e.status);
    }
  });

  r.post('/projects/:id/integrations/:iid/delete', async (req, res) => {
    const a = await writable(res, req.params.id);
    await deleteIntegration(ctx.prisma, a.scope, integrationIdParam(req.params.iid));
    res.redirect(303, `/projects/${a.project.id}/integrations`);
  });

  // A fresh one-time deep link (the one shown at creation is gone: only its hash was kept), with
  // the same expiry as the API's.
  r.post('/projects/:id/integrations/:iid/telegram-link', async (req, res) => {
    const a = await writable(res, req.params.id);
    const row = await own(a, req.params.iid);
    if (row.kind !== 'telegram') throw notFound();
    const issued = await issueTelegramLink(ctx.prisma, telegram, a.scope, row.id, ctx.clock.now());
    await showIntegration(res, a, row.id, { telegramLink: issued.telegramDeepLink });
  });

  // The verification link of an e-mail address again (lost or expired), from the account's budget.
  r.post('/projects/:id/integrations/:iid/verification', async (req, res) => {
    const a = await writable(res, req.params.id);
    const row = await own(a, req.params.iid);
    if (row.kind !== 'email') throw notFound();
    try {
      const mail = await resendEmailVerification(ctx.prisma, ctx.cipher, a.scope, row.id, {
        now: ctx.clock.now(),
        beforeMail: () => verification.spend(a.scope.accountId),
      });
      verification.send(mail);
      res.redirect(303, `/projects/${a.project.id}/integrations/${row.id}?done=verification`);
    } catch (err) {
      if (!(err instanceof ApiError) || (err.code !== 'conflict' && err.code !== 'rate_limited')) throw err;
      await showIntegration(res, a, row.id, { notice: err.message }, err.code === 'conflict' ? 409 : 429);
    }
  });

  r.post('/projects/:id/integrations/:iid/test', async (req, res) => {
    const a = await writable(res, req.params.id);
    const row = await own(a, req.params.iid);
    const since = ctx.clock.now().getTime();
    try {
      await ctx.queues.enqueue('test-notifications', { integrationId: row.id, requestId: randomToken(12) });
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message }, 'test notification not queued');
      throw new WebError(503, 'The test notification could not be queued right now (Redis unavailable). Try again in a moment.');
    }
    res.redirect(303, `/projects/${a.project.id}/integrations/${row.id}?test=${since}`);
  });

  // Polled by the integration page after "send a test notification".
  r.get('/projects/:id/integrations/:iid/test-result.json', async (req, res) => {
    const a = await access(res, req.params.id);
    const row = await own(a, req.params.iid);
    const since = typeof req.query.since === 'string' && /^\d{10,15}$/.test(req.query.since) ? new Date(Number(req.query.since) - 1000) : null;
    if (!since) throw new ApiError('bad_request', 'since is required');
    const latest = await latestTestDelivery(ctx.prisma, row.id, since);
    res.setHeader('Cache-Control', 'no-store');
    if (!latest) {
      res.json({ outcome: null });
      return;
    }
    const ok = latest.status === 'succeeded';
    const code = latest.statusCode !== null ? ` (HTTP ${latest.statusCode})` : '';
    res.json({ ok, outcome: ok ? `✓ delivered${code}` : `✗ failed${code}: ${latest.error ?? 'unknown error'}` });
  });

  return r;
}
