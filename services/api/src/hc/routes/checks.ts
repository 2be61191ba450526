import { Router, type Response } from 'express';
import { ApiError, checkIdParam, deleteCheck, pauseOrResumeCheck } from '@upmon/domain';
import { authOf } from '../../v1/authenticate.js';
import type { V1Context } from '../../v1/context.js';
import { hcObjectBody, hcRequireWriteKey } from '../hc-authenticate.js';
import { hcVersionOf } from '../hc-version.js';
import { presentHcCheck, type HcUrls } from '../presenters/hc-check.js';
import { findHcCheck, hcCheckIdByUniqueKey, hcCheckPages, type HcCheckRow } from '../queries/hc-check-reads.js';
import { sendList } from '../../http/send-list.js';
import { createOrUpdateHcCheck, ownHeartbeatCheck, parseSpecOrThrow, updateHcCheck } from '../services/save-hc-check.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHA1 = /^[0-9a-f]{40}$/i;

/**
 * A check named by its UUID or (read-only keys) by Healthchecks' unique_key, in the key's
 * project; 404 otherwise (also for another project's check: upmon never tells it exists).
 */
export async function checkByUuidOrUniqueKey(ctx: V1Context, projectId: string, idOrKey: string): Promise<HcCheckRow> {
  let id: string | undefined;
  if (UUID.test(idOrKey)) id = idOrKey.toLowerCase();
  else if (SHA1.test(idOrKey)) id = (await hcCheckIdByUniqueKey(ctx.pool, projectId, idOrKey)) ?? undefined;
  const row = id ? await findHcCheck(ctx.pool, projectId, id) : null;
  if (!row) throw ApiError.notFound('check not found');
  return row;
}

/** /checks/: Healthchecks' list, create (upsert), read, update, delete, pause, resume. */
export function hcChecksRouter(ctx: V1Context, urls: HcUrls): Router {
  const r = Router();
  const present = (res: Response, row: HcCheckRow, version: 2 | 3) => presentHcCheck(row, { readonly: authOf(res).kind === 'ro', version, urls });
  const reread = async (res: Response, id: string) => {
    const row = await findHcCheck(ctx.pool, authOf(res).projectId, id);
    if (!row) throw ApiError.notFound('check not found');
    return row;
  };

  r.get('/checks', async (req, res) => {
    // `tag` may repeat: a check must carry every one; `slug` matches exactly.
    const tags = ([] as unknown[]).concat(req.query.tag ?? []).filter((t): t is string => typeof t === 'string');
    const slug = typeof req.query.slug === 'string' && req.query.slug !== '' ? req.query.slug : null;
    const { projectId } = authOf(res);
    const version = hcVersionOf(req);
    // Healthchecks' clients read one array: the whole list, streamed (no pagination here).
    const read = hcCheckPages(ctx.pool, { projectId, tags, slug }, (c) => present(res, c, version));
    await sendList(res, ctx.listCursors, ctx.logger, { scope: `hc-checks:${projectId}`, member: 'checks', read, page: null });
  });

  r.post('/checks', hcRequireWriteKey, async (req, res) => {
    const spec = parseSpecOrThrow(hcObjectBody(req.body));
    const { id, created } = await createOrUpdateHcCheck(ctx, authOf(res), spec, hcVersionOf(req));
    res.status(created ? 201 : 200).json(present(res, await reread(res, id), hcVersionOf(req)));
  });

  r.get('/checks/:id', async (req, res) => {
    res.json(present(res, await checkByUuidOrUniqueKey(ctx, authOf(res).projectId, String(req.params.id)), hcVersionOf(req)));
  });

  r.post('/checks/:uuid', hcRequireWriteKey, async (req, res) => {
    const auth = authOf(res);
    const row = await ownHeartbeatCheck(ctx, auth, checkIdParam(req.params.uuid));
    await updateHcCheck(ctx, auth, row, parseSpecOrThrow(hcObjectBody(req.body)), hcVersionOf(req));
    res.json(present(res, await reread(res, row.id), hcVersionOf(req)));
  });

  r.delete('/checks/:uuid', hcRequireWriteKey, async (req, res) => {
    const auth = authOf(res);
    const row = await ownHeartbeatCheck(ctx, auth, checkIdParam(req.params.uuid));
    const body = present(res, row, hcVersionOf(req));
    await deleteCheck(ctx.prisma, ctx.rateLimiter, ctx.config.redisPrefix, auth, row.id);
    res.json(body);
  });

  for (const event of ['pause', 'resume'] as const) {
    r.post(`/checks/:uuid/${event}`, hcRequireWriteKey, async (req, res) => {
      const auth = authOf(res);
      hcObjectBody(req.body);
      const row = await ownHeartbeatCheck(ctx, auth, checkIdParam(req.params.uuid));
      await pauseOrResumeCheck(ctx, auth, row.id, event, ctx.clock.now());
      res.json(present(res, await reread(res, row.id), hcVersionOf(req)));
    });
  }
  return r;
}
