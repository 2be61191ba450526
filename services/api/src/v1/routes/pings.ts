import { Router } from 'express';
import { AAD } from '@upmon/crypto';
import { ApiError, checkIdParam, decryptPingBody, checkExists, listPings, parseListQuery } from '@upmon/domain';
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
    res.json({
      data: rows.map((p) => ({
        ts: p.ts,
        type: p.type,
        exit_status: p.exit_status,
        source_ip: p.source_ip,
        method: p.method,
        body_size: p.body_size,
        duration_ms: p.duration_ms,
        note: p.note,
        body: decryptPingBody(ctx.cipher, ctx.logger, p.body, checkId),
        user_agent: p.user_agent,
      })),
    });
  });
  return r;
}
