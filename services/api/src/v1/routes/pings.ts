import { Router } from 'express';
import { Prisma } from '@upmon/db';
import { ApiError } from '../../http/api-error.js';
import { authOf } from '../authenticate.js';
import type { V1Context } from '../context.js';
import { checkIdParam } from '../path-params.js';
import { truncateUtf8 } from '../presenters/utf8-truncate.js';
import { isoMicrosSql } from '../sql-timestamps.js';
import { parseListQuery } from '../validation/list-query.js';

/** Ping bodies in responses are cut to 2 KB (spec "Limits"). */
export const PING_BODY_RESPONSE_BYTES = 2048;

interface PingRow {
  ts: string;
  type: string;
  exit_status: number | null;
  source_ip: string | null;
  method: string;
  body_size: number;
  duration_ms: number | null;
  /** base64: the raw-query path of Prisma's JS engine cannot return bytea. */
  body_b64: string | null;
  user_agent: string | null;
}

/** Ensures the check exists in the key's project (404 otherwise, whether it exists elsewhere or not). */
export async function assertOwnCheck(ctx: V1Context, projectId: string, checkId: string): Promise<void> {
  const found = await ctx.prisma.check.findFirst({ where: { id: checkId, projectId }, select: { id: true } });
  if (!found) throw ApiError.notFound('check not found');
}

/** GET /checks/{uuid}/pings: newest first, `limit`, `before` cursor (exclusive). */
export function pingsRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/checks/:uuid/pings', async (req, res) => {
    const checkId = checkIdParam(req.params.uuid);
    const q = parseListQuery(req.query);
    await assertOwnCheck(ctx, authOf(res).projectId, checkId);
    const rows = await ctx.prisma.$queryRaw<PingRow[]>`
      SELECT ${isoMicrosSql('ts')} AS ts, type::text AS type, exit_status, source_ip, method, body_size, duration_ms, encode(body, 'base64') AS body_b64, user_agent
      FROM pings
      WHERE check_id = ${checkId}::uuid ${q.before ? Prisma.sql`AND ts < ${q.before}::timestamptz` : Prisma.empty}
      ORDER BY ts DESC, id DESC
      LIMIT ${q.limit}`;
    res.json({
      data: rows.map((p) => ({
        ts: p.ts,
        type: p.type,
        exit_status: p.exit_status,
        source_ip: p.source_ip,
        method: p.method,
        body_size: p.body_size,
        duration_ms: p.duration_ms,
        body: decryptBody(ctx, p.body_b64 === null ? null : Buffer.from(p.body_b64, 'base64')),
        user_agent: p.user_agent,
      })),
    });
  });
  return r;
}

function decryptBody(ctx: V1Context, sealed: Uint8Array | null): string | null {
  if (!sealed || sealed.length === 0) return null;
  try {
    return truncateUtf8(ctx.cipher.decrypt(sealed), PING_BODY_RESPONSE_BYTES);
  } catch (err) {
    // A body sealed with another key must not make the whole history unreadable.
    ctx.logger.warn({ err: (err as Error).message }, 'ping body could not be decrypted');
    return null;
  }
}
