import { Router } from 'express';
import { ApiError } from '../../http/api-error.js';
import { authOf } from '../authenticate.js';
import type { V1Context } from '../context.js';
import { checkIdParam } from '../path-params.js';
import { truncateUtf8 } from '../presenters/utf8-truncate.js';
import { checkExists } from '../queries/check-reads.js';
import { listPings } from '../queries/history-reads.js';
import { parseListQuery } from '../validation/list-query.js';

/** Ping bodies in responses are cut to 2 KB (spec "Limits"). */
export const PING_BODY_RESPONSE_BYTES = 2048;

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
        body: decryptBody(ctx, p.body),
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
