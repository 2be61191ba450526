import { Router, type Request } from 'express';
import {
  applyCodeCheck,
  applyCodeIntegration,
  ApiError,
  deleteCodeResource,
  exportCodeProject,
  planCode,
  readLiveProject,
  requireObjectBody,
  verificationMailing,
  type AppliedResource,
  type CodeApplyDeps,
  type DesiredProject,
  type Precondition,
} from '@upmon/domain';
import { authOf, requireWriteKey } from '../authenticate.js';
import type { V1Context } from '../context.js';

/** An object of objects (the files' `checks` or `integrations`), or 422 naming the field. */
function resourcesOf(body: Record<string, unknown>, field: string): Record<string, Record<string, unknown>> {
  const v = body[field] ?? {};
  const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (!isObject(v) || !Object.values(v).every(isObject)) throw ApiError.validation({ [field]: ['must be an object of resources by key'] });
  return v as Record<string, Record<string, unknown>>;
}

function precondition(req: Request): Precondition {
  const ifMatch = req.get('if-match')?.trim();
  return { ifMatch: ifMatch || undefined, ifNoneMatch: req.get('if-none-match')?.trim() === '*' };
}

/**
 * /code: monitoring as code (docs/monitoring-as-code.md): the plan of a project's files against
 * what is live, its export as files, and upserts and deletes by key conditional on entity tags.
 */
export function codeRouter(ctx: V1Context): Router {
  const r = Router();
  const deps: CodeApplyDeps = { ...ctx, telegram: { linkBase: ctx.config.telegramLinkBase, botUsername: ctx.config.telegramBotUsername } };
  const verification = verificationMailing({ ...ctx, redisPrefix: ctx.config.redisPrefix, appBaseUrl: ctx.config.appBaseUrl });

  r.post('/code/plan', async (req, res) => {
    const body = requireObjectBody(req.body);
    const desired: DesiredProject = { checks: resourcesOf(body, 'checks'), integrations: resourcesOf(body, 'integrations') };
    const live = await readLiveProject(ctx.prisma, ctx.cipher, authOf(res).projectId);
    res.json({ data: planCode(live, desired, body.prune === true) });
  });

  r.get('/code/export', async (_req, res) => {
    res.json({ data: exportCodeProject(await readLiveProject(ctx.prisma, ctx.cipher, authOf(res).projectId)) });
  });

  const answer = (res: Parameters<Parameters<typeof r.put>[1]>[1], applied: AppliedResource) => {
    const { emailVerification: v, telegramDeepLink, ...rest } = applied;
    if (v) verification.send({ integrationId: Number(applied.id), integrationName: applied.key, ...v });
    res
      .status(applied.action === 'created' ? 201 : 200)
      .set('ETag', applied.etag)
      .json({
        data: { type: rest.type, key: rest.key, action: rest.action, etag: rest.etag },
        ...(telegramDeepLink ? { telegram_deep_link: telegramDeepLink } : {}),
      });
  };

  r.put('/code/checks/:key', requireWriteKey, async (req, res) => {
    answer(res, await applyCodeCheck(deps, authOf(res), req.params.key as string, requireObjectBody(req.body), precondition(req)));
  });

  r.put('/code/integrations/:key', requireWriteKey, async (req, res) => {
    const auth = authOf(res);
    answer(
      res,
      await applyCodeIntegration(deps, auth, req.params.key as string, requireObjectBody(req.body), precondition(req), () =>
        verification.spend(auth.accountId),
      ),
    );
  });

  for (const type of ['check', 'integration'] as const) {
    r.delete(`/code/${type}s/:key`, requireWriteKey, async (req, res) => {
      await deleteCodeResource(deps, authOf(res), type, req.params.key as string, precondition(req));
      res.status(204).end();
    });
  }
  return r;
}
