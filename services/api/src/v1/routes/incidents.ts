import { Router } from 'express';
import {
  addIncidentUpdate,
  createIncident,
  deleteIncident,
  deleteIncidentUpdate,
  editIncidentUpdate,
  findIncident,
  incidentIdParam,
  incidentUpdateIdParam,
  listIncidents,
  parseListQuery,
  presentIncident,
  requireObjectBody,
  updateIncident,
  validateIncidentInput,
  validateIncidentPatch,
  validateIncidentUpdate,
  validateIncidentUpdateEdit,
} from '@upmon/domain';
import { authOf, requireWriteKey } from '../authenticate.js';
import type { V1Context } from '../context.js';

/** /status-page/incidents: incidents on the project's status page and their updates (docs/api.md, "Incidents"). */
export function incidentsRouter(ctx: V1Context): Router {
  const r = Router();
  const base = '/status-page/incidents';

  r.get(base, async (req, res) => {
    const rows = await listIncidents(ctx.prisma, authOf(res).projectId, parseListQuery(req.query));
    res.json({ data: rows.map(presentIncident) });
  });

  r.post(base, requireWriteKey, async (req, res) => {
    const input = validateIncidentInput(requireObjectBody(req.body));
    const row = await createIncident(ctx.prisma, authOf(res), input, ctx.clock.now());
    res.status(201).json({ data: presentIncident(row) });
  });

  r.get(`${base}/:uuid`, async (req, res) => {
    const row = await findIncident(ctx.prisma, authOf(res).projectId, incidentIdParam(req.params.uuid));
    res.json({ data: presentIncident(row) });
  });

  r.patch(`${base}/:uuid`, requireWriteKey, async (req, res) => {
    const id = incidentIdParam(req.params.uuid);
    const row = await updateIncident(ctx.prisma, authOf(res), id, validateIncidentPatch(requireObjectBody(req.body)), ctx.clock.now());
    res.json({ data: presentIncident(row) });
  });

  r.delete(`${base}/:uuid`, requireWriteKey, async (req, res) => {
    await deleteIncident(ctx.prisma, authOf(res), incidentIdParam(req.params.uuid));
    res.status(204).end();
  });

  r.post(`${base}/:uuid/updates`, requireWriteKey, async (req, res) => {
    const id = incidentIdParam(req.params.uuid);
    const row = await addIncidentUpdate(ctx.prisma, authOf(res), id, validateIncidentUpdate(requireObjectBody(req.body)), ctx.clock.now());
    res.status(201).json({ data: presentIncident(row) });
  });

  r.patch(`${base}/:uuid/updates/:update`, requireWriteKey, async (req, res) => {
    const id = incidentIdParam(req.params.uuid);
    const updateId = incidentUpdateIdParam(req.params.update);
    const input = validateIncidentUpdateEdit(requireObjectBody(req.body));
    const row = await editIncidentUpdate(ctx.prisma, authOf(res), id, updateId, input, ctx.clock.now());
    res.json({ data: presentIncident(row) });
  });

  r.delete(`${base}/:uuid/updates/:update`, requireWriteKey, async (req, res) => {
    const id = incidentIdParam(req.params.uuid);
    const row = await deleteIncidentUpdate(ctx.prisma, authOf(res), id, incidentUpdateIdParam(req.params.update), ctx.clock.now());
    res.json({ data: presentIncident(row) });
  });
  return r;
}
