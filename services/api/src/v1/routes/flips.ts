import { Router } from 'express';
import { authOf } from '../authenticate.js';
import type { V1Context } from '../context.js';
import { checkIdParam, listFlips, parseListQuery, presentFlip } from '@upmon/domain';
import { assertOwnCheck } from './pings.js';

/** GET /checks/{uuid}/flips: newest first, `limit`, `before` cursor (exclusive). */
export function flipsRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/checks/:uuid/flips', async (req, res) => {
    const checkId = checkIdParam(req.params.uuid);
    const q = parseListQuery(req.query);
    await assertOwnCheck(ctx, authOf(res).projectId, checkId);
    const rows = await listFlips(ctx.pool, checkId, q.limit, q.before);
    res.json({ data: rows.map(presentFlip) });
  });
  return r;
}
