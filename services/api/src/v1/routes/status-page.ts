import { Router } from 'express';
import {
  ApiError,
  presentStatusPage,
  readStatusPageSettings,
  deleteStatusPage,
  saveStatusPage,
  requireObjectBody,
  validateStatusPageInput,
} from '@upmon/domain';
import { authOf, requireWriteKey } from '../authenticate.js';
import type { V1Context } from '../context.js';

/** /status-page: the project's public status page (one at most): read, create or replace, delete. */
export function statusPageRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/status-page', async (_req, res) => {
    const page = await readStatusPageSettings(ctx.prisma, authOf(res).projectId);
    if (!page) throw ApiError.notFound('this project has no status page');
    res.json({ data: presentStatusPage(page, ctx.config.appBaseUrl) });
  });

  r.put('/status-page', requireWriteKey, async (req, res) => {
    const input = validateStatusPageInput(requireObjectBody(req.body));
    const page = await saveStatusPage(ctx.prisma, authOf(res), input);
    res.json({ data: presentStatusPage(page, ctx.config.appBaseUrl) });
  });

  r.delete('/status-page', requireWriteKey, async (_req, res) => {
    await deleteStatusPage(ctx.prisma, authOf(res));
    res.status(204).end();
  });
  return r;
}
