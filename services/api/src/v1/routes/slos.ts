import { Router } from 'express';
import { authOf, requireWriteKey } from '../authenticate.js';
import type { V1Context } from '../context.js';
import {
  createSlo,
  deleteSlo,
  findSlo,
  listSlos,
  presentSlo,
  presentSloStatus,
  readSloStatus,
  requireObjectBody,
  sloIdParam,
  updateSlo,
  validateSloInput,
} from '@upmon/domain';

/** /slos: the project's service level objectives (docs/slos.md): list, create, read, update, delete, and where each stands now. */
export function slosRouter(ctx: V1Context): Router {
  const r = Router();

  r.get('/slos', async (_req, res) => {
    const rows = await listSlos(ctx.prisma, authOf(res).projectId);
    res.json({ data: rows.map(presentSlo) });
  });

  r.post('/slos', requireWriteKey, async (req, res) => {
    const row = await createSlo(ctx.prisma, authOf(res), validateSloInput(requireObjectBody(req.body)));
    res.status(201).json({ data: presentSlo(row) });
  });

  r.get('/slos/:uuid', async (req, res) => {
    res.json({ data: presentSlo(await findSlo(ctx.prisma, authOf(res).projectId, sloIdParam(req.params.uuid))) });
  });

  r.get('/slos/:uuid/status', async (req, res) => {
    const slo = await findSlo(ctx.prisma, authOf(res).projectId, sloIdParam(req.params.uuid));
    res.json({ data: presentSloStatus(await readSloStatus(ctx, slo, ctx.clock.now())) });
  });

  r.patch('/slos/:uuid', requireWriteKey, async (req, res) => {
    const row = await updateSlo(ctx.prisma, authOf(res), sloIdParam(req.params.uuid), requireObjectBody(req.body));
    res.json({ data: presentSlo(row) });
  });

  r.delete('/slos/:uuid', requireWriteKey, async (req, res) => {
    await deleteSlo(ctx.prisma, authOf(res), sloIdParam(req.params.uuid));
    res.status(204).end();
  });
  return r;
}
