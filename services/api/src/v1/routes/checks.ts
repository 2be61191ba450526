import { Router } from 'express';
import { authOf, prefetchedCheck, requireWriteKey } from '../authenticate.js';
import { sendList } from '../../http/send-list.js';
import type { V1Context } from '../context.js';
import {
  checkIdParam,
  checkPresenter,
  CheckListReader,
  apiKeyLabel,
  findCheck,
  spendCheckChange,
  acknowledgeCheck,
  createCheck,
  deleteCheck,
  pauseOrResumeCheck,
  snoozeCheck,
  endSnooze,
  validateSnoozeInput,
  updateCheck,
  parseListPageQuery,
  requireObjectBody,
  validateCheckInput,
  ApiError,
  presentCertificate,
  presentCheckLocations,
  readCheckLocations,
  presentResponseTimes,
  readCheckCertificate,
  readResponseTimes,
  responseTimeRangeParam,
} from '@upmon/domain';

/** /checks: list, create, read, update, delete, pause, resume, acknowledge, snooze; probed checks' response times and certificate. */
export function checksRouter(ctx: V1Context): Router {
  const r = Router();
  const present = checkPresenter(ctx.config.pingDomains);
  const checkList = new CheckListReader(ctx.pool, present);

  r.get('/checks', async (req, res) => {
    const { projectId } = authOf(res);
    const page = parseListPageQuery(req.query);
    await sendList(res, ctx.listCursors, ctx.logger, { scope: `checks:${projectId}`, member: 'data', read: checkList.reader(projectId), page });
  });

  r.post('/checks', requireWriteKey, async (req, res) => {
    const auth = authOf(res);
    const input = validateCheckInput(requireObjectBody(req.body));
    await spendCheckChange(ctx.rateLimiter, ctx.config.redisPrefix, 'create', auth.accountId);
    const row = await createCheck(ctx, auth, input);
    res.status(201).json({ data: present(row) });
  });

  r.get('/checks/:uuid', async (req, res) => {
    const id = checkIdParam(req.params.uuid);
    const pre = prefetchedCheck(res, id);
    const row = pre !== undefined ? pre : await findCheck(ctx.pool, authOf(res).projectId, id);
    if (!row) throw ApiError.notFound('check not found');
    res.json({ data: present(row) });
  });

  r.patch('/checks/:uuid', requireWriteKey, async (req, res) => {
    const id = checkIdParam(req.params.uuid);
    const auth = authOf(res);
    await updateCheck(ctx, auth, id, requireObjectBody(req.body));
    // Read back with the raw read, which has the acknowledgement of a down check.
    const row = await findCheck(ctx.pool, auth.projectId, id);
    if (!row) throw ApiError.notFound('check not found');
    res.json({ data: present(row) });
  });

  r.delete('/checks/:uuid', requireWriteKey, async (req, res) => {
    const id = checkIdParam(req.params.uuid);
    await deleteCheck(ctx.prisma, ctx.rateLimiter, ctx.config.redisPrefix, authOf(res), id);
    res.status(204).end();
  });

  for (const event of ['pause', 'resume'] as const) {
    r.post(`/checks/:uuid/${event}`, requireWriteKey, async (req, res) => {
      const id = checkIdParam(req.params.uuid);
      requireObjectBody(req.body);
      const row = await pauseOrResumeCheck(ctx, authOf(res), id, event, ctx.clock.now());
      res.json({ data: present(row) });
    });
  }
  r.post('/checks/:uuid/acknowledge', requireWriteKey, async (req, res) => {
    const id = checkIdParam(req.params.uuid);
    requireObjectBody(req.body);
    const auth = authOf(res);
    await acknowledgeCheck(ctx.pool, { checkId: id, projectId: auth.projectId, by: await apiKeyLabel(ctx.pool, auth.keyId), via: 'api', now: ctx.clock.now() });
    const row = await findCheck(ctx.pool, auth.projectId, id);
    if (!row) throw ApiError.notFound('check not found');
    res.json({ data: present(row) });
  });
  // Snooze (docs/notifications.md, "Snooze"): mutes the check's notifications; DELETE ends it.
  r.post('/checks/:uuid/snooze', requireWriteKey, async (req, res) => {
    const id = checkIdParam(req.params.uuid);
    const auth = authOf(res);
    const input = validateSnoozeInput(requireObjectBody(req.body));
    await snoozeCheck(ctx, auth, id, input, ctx.clock.now());
    const row = await findCheck(ctx.pool, auth.projectId, id);
    if (!row) throw ApiError.notFound('check not found');
    res.json({ data: present(row) });
  });
  r.delete('/checks/:uuid/snooze', requireWriteKey, async (req, res) => {
    const id = checkIdParam(req.params.uuid);
    const auth = authOf(res);
    await endSnooze(ctx, auth, id);
    const row = await findCheck(ctx.pool, auth.projectId, id);
    if (!row) throw ApiError.notFound('check not found');
    res.json({ data: present(row) });
  });
  r.get('/checks/:uuid/response-times', async (req, res) => {
    const id = checkIdParam(req.params.uuid);
    const range = responseTimeRangeParam(req.query.range);
    res.json({ data: presentResponseTimes(await readResponseTimes(ctx.pool, authOf(res).projectId, id, range, ctx.clock.now())) });
  });
  r.get('/checks/:uuid/locations', async (req, res) => {
    const id = checkIdParam(req.params.uuid);
    const found = await readCheckLocations(ctx.pool, ctx.cipher, authOf(res).projectId, id, ctx.config.publicLocations, ctx.clock.now());
    if (!found) throw ApiError.notFound('check not found');
    res.json({ data: presentCheckLocations(found) });
  });
  r.get('/checks/:uuid/certificate', async (req, res) => {
    const id = checkIdParam(req.params.uuid);
    const auth = authOf(res);
    const cert = await readCheckCertificate(ctx.pool, auth.projectId, id);
    if (!cert) throw ApiError.notFound((await findCheck(ctx.pool, auth.projectId, id)) ? 'no certificate seen for this check' : 'check not found');
    res.json({ data: presentCertificate(cert, ctx.clock.now()) });
  });
  return r;
}
