import { Router } from 'express';
import { authOf, requireWriteKey } from '../authenticate.js';
import type { V1Context } from '../context.js';
import { integrationIdParam } from '../path-params.js';
import { INTEGRATION_ROW_SELECT, presentIntegration } from '../presenters/integration-presenter.js';
import { createIntegration } from '../services/create-integration.js';
import { deleteIntegration } from '../services/delete-integration.js';
import { updateIntegration } from '../services/update-integration.js';
import { requireObjectBody } from '../validation/check-input.js';
import { validateIntegrationInput } from '../validation/integration-input.js';

/** /integrations: list, create, update, delete. */
export function integrationsRouter(ctx: V1Context): Router {
  const r = Router();
  const telegram = { linkBase: ctx.config.telegramLinkBase, botUsername: ctx.config.telegramBotUsername };

  r.get('/integrations', async (_req, res) => {
    const rows = await ctx.prisma.integration.findMany({
      where: { projectId: authOf(res).projectId },
      orderBy: { id: 'asc' },
      select: INTEGRATION_ROW_SELECT,
    });
    res.json({ data: rows.map(presentIntegration) });
  });

  r.post('/integrations', requireWriteKey, async (req, res) => {
    const input = validateIntegrationInput(requireObjectBody(req.body));
    const created = await createIntegration(ctx.prisma, ctx.cipher, telegram, authOf(res), input);
    res.status(201).json({
      data: presentIntegration(created.row),
      ...(created.telegramDeepLink ? { telegram_deep_link: created.telegramDeepLink } : {}),
    });
  });

  r.patch('/integrations/:id', requireWriteKey, async (req, res) => {
    const id = integrationIdParam(req.params.id);
    const row = await updateIntegration(ctx.prisma, ctx.cipher, authOf(res), id, requireObjectBody(req.body));
    res.json({ data: presentIntegration(row) });
  });

  r.delete('/integrations/:id', requireWriteKey, async (req, res) => {
    await deleteIntegration(ctx.prisma, authOf(res), integrationIdParam(req.params.id));
    res.status(204).end();
  });
  return r;
}
