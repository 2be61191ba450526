import { Router } from 'express';
import { authOf, requireWriteKey } from '../authenticate.js';
import type { V1Context } from '../context.js';
import { sendList } from '../../http/send-list.js';
import {
  maintenanceIdParam,
  presentMaintenance,
  maintenancePages,
  parseListPageQuery,
  createMaintenance,
  deleteMaintenance,
  endMaintenance,
  findMaintenance,
  updateMaintenance,
  requireObjectBody,
  validateMaintenanceInput,
} from '@upmon/domain';

/** /maintenance: the project's maintenance windows: list, create, read, update, end now, delete. */
export function maintenanceRouter(ctx: V1Context): Router {
  const r = Router();

  r.get('/maintenance', async (req, res) => {
    const { projectId } = authOf(res);
    const page = parseListPageQuery(req.query);
    const read = maintenancePages(ctx.prisma, projectId, ctx.clock.now());
    await sendList(res, ctx.listCursors, ctx.logger, { scope: `maintenance:${projectId}`, member: 'data', read, page });
  });

  r.post('/maintenance', requireWriteKey, async (req, res) => {
    const now = ctx.clock.now();
    const input = validateMaintenanceInput(requireObjectBody(req.body), now);
    const row = await createMaintenance(ctx.prisma, authOf(res), input, now);
    res.status(201).json({ data: presentMaintenance(row, now) });
  });

  r.get('/maintenance/:uuid', async (req, res) => {
    const row = await findMaintenance(ctx.prisma, authOf(res).projectId, maintenanceIdParam(req.params.uuid));
    res.json({ data: presentMaintenance(row, ctx.clock.now()) });
  });

  r.patch('/maintenance/:uuid', requireWriteKey, async (req, res) => {
    const now = ctx.clock.now();
    const row = await updateMaintenance(ctx.prisma, authOf(res), maintenanceIdParam(req.params.uuid), requireObjectBody(req.body), now);
    res.json({ data: presentMaintenance(row, now) });
  });

  r.post('/maintenance/:uuid/end', requireWriteKey, async (req, res) => {
    const now = ctx.clock.now();
    const id = maintenanceIdParam(req.params.uuid);
    requireObjectBody(req.body);
    const row = await endMaintenance(ctx.prisma, authOf(res), id, now);
    res.json({ data: presentMaintenance(row, now) });
  });

  r.delete('/maintenance/:uuid', requireWriteKey, async (req, res) => {
    await deleteMaintenance(ctx.prisma, authOf(res), maintenanceIdParam(req.params.uuid), ctx.clock.now());
    res.status(204).end();
  });
  return r;
}
