import { Router } from 'express';
import { ApiError, checkIdParam, decryptPingBody, checkExists, listPings, parseListQuery, presentPing } from '@upmon/domain';
import { authOf } from '../authenticate.js';
import type { V1Context } from '../context.js';

/** Ensures the check exists in the key's project (404 otherwise, whether it exists elsewhere or not). */
export async function assertOwnCheck(ctx: V1Context, projectId: string, checkId: string): Promise<void> {
  if (!(await checkExists(ctx.pool, projectId, checkId))) throw ApiError.notFound('check not found');
}

/** GET /checks/{uuid}/pings: newest first, `limit`, `before` cursor (exclusive). */
export function pingsRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/checks/:uuid/pings', async (req, res) => {
    const checkId = checkIdParam(req.params.uuid);
    const q = parseListQuery(req.query);
    await assertOwnCheck(ctx, authOf(res).projectId, checkId);
    const rows = await listPings(ctx.pool, checkId, q.limit, q.before);
    res.json({ data: rows.map((p) => presentPing(p, decryptPingBody(ctx.cipher, ctx.logger, p.body, checkId))) });
  });
  return r;
}
