import { Router } from 'express';
import { Prisma } from '@upmon/db';
import { authOf } from '../authenticate.js';
import type { V1Context } from '../context.js';
import { checkIdParam } from '../path-params.js';
import { isoMicrosSql } from '../sql-timestamps.js';
import { parseListQuery } from '../validation/list-query.js';
import { assertOwnCheck } from './pings.js';

interface FlipRow {
  ts: string;
  old_status: string;
  new_status: string;
  reason: string;
}

/** GET /checks/{uuid}/flips: newest first, `limit`, `before` cursor (exclusive). */
export function flipsRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/checks/:uuid/flips', async (req, res) => {
    const checkId = checkIdParam(req.params.uuid);
    const q = parseListQuery(req.query);
    await assertOwnCheck(ctx, authOf(res).projectId, checkId);
    const rows = await ctx.prisma.$queryRaw<FlipRow[]>`
      SELECT ${isoMicrosSql('ts')} AS ts, old_status::text AS old_status, new_status::text AS new_status, reason::text AS reason
      FROM flips
      WHERE check_id = ${checkId}::uuid ${q.before ? Prisma.sql`AND ts < ${q.before}::timestamptz` : Prisma.empty}
      ORDER BY ts DESC, id DESC
      LIMIT ${q.limit}`;
    res.json({ data: rows });
  });
  return r;
}
