import { Router } from 'express';
import { authOf, requireWriteKey } from '../authenticate.js';
import type { V1Context } from '../context.js';
import { sendList } from '../../http/send-list.js';
import {
  integrationIdParam,
  integrationPages,
  parseListPageQuery,
  presentIntegration,
  createIntegration,
  deleteIntegration,
  issueTelegramLink,
  verificationMailing,
  updateIntegration,
  requireObjectBody,
  validateIntegrationInput,
} from '@upmon/domain';

/** /integrations: list, create, update, delete; a new Telegram link. E-mail integrations get their verification link mailed. */
export function integrationsRouter(ctx: V1Context): Router {
  const r = Router();
  const telegram = { linkBase: ctx.config.telegramLinkBase, botUsername: ctx.config.telegramBotUsername };
  const verification = verificationMailing({ ...ctx, redisPrefix: ctx.config.redisPrefix, appBaseUrl: ctx.config.appBaseUrl });

  r.get('/integrations', async (req, res) => {
    const { projectId } = authOf(res);
    const page = parseListPageQuery(req.query);
    await sendList(res, ctx.listCursors, ctx.logger, {
      scope: `integrations:${projectId}`,
      member: 'data',
      read: integrationPages(ctx.prisma, projectId),
      page,
    });
  });

  r.post('/integrations', requireWriteKey, async (req, res) => {
    const input = validateIntegrationInput(requireObjectBody(req.body));
    const auth = authOf(res);
    if (input.kind === 'email') await verification.spend(auth.accountId);
    const created = await createIntegration(ctx.prisma, ctx.cipher, telegram, auth, input, ctx.clock.now());
    const v = created.emailVerification;
    if (v) verification.send({ integrationId: created.row.id, integrationName: input.name, ...v });
    res.status(201).json({
      data: presentIntegration(created.row),
      ...(created.telegramDeepLink ? { telegram_deep_link: created.telegramDeepLink } : {}),
    });
  });

  r.patch('/integrations/:id', requireWriteKey, async (req, res) => {
    const id = integrationIdParam(req.params.id);
    const auth = authOf(res);
    const { row, emailVerification: v } = await updateIntegration(ctx.prisma, ctx.cipher, auth, id, requireObjectBody(req.body), {
      now: ctx.clock.now(),
      beforeVerificationMail: () => verification.spend(auth.accountId),
    });
    if (v) verification.send({ integrationId: row.id, integrationName: row.name, ...v });
    res.json({ data: presentIntegration(row) });
  });

  r.post('/integrations/:id/telegram-link', requireWriteKey, async (req, res) => {
    requireObjectBody(req.body);
    const issued = await issueTelegramLink(ctx.prisma, telegram, authOf(res), integrationIdParam(req.params.id), ctx.clock.now());
    res.json({ data: presentIntegration(issued.row), telegram_deep_link: issued.telegramDeepLink });
  });

  r.delete('/integrations/:id', requireWriteKey, async (req, res) => {
    await deleteIntegration(ctx.prisma, authOf(res), integrationIdParam(req.params.id));
    res.status(204).end();
  });
  return r;
}
