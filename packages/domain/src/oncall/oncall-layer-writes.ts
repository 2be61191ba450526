import { presentOncallLayer } from './oncall-presenter.js';
import type { OncallLayer, PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { ONCALL_LIMITS, validateOncallLayerInput, type OncallLayerInput } from './oncall-input.js';
import { requireAccountMembers } from './oncall-members.js';
import { findOncallSchedule, type OncallScheduleWithLayers } from './oncall-reads.js';
import { oncallAudit, oncallScheduleTarget } from './oncall-schedule-writes.js';

const layerTarget = (s: { id: string; name: string }, l: { id: string; name: string }) => `layer "${l.name}" (${l.id}) of ${oncallScheduleTarget(s)}`;
const usersField = (i: number) => `users.${i}`;

function layerData(input: OncallLayerInput, position: number) {
  const { position: _asked, restrictions, ...rest } = input;
  return { ...rest, position, restrictions: restrictions as unknown as object[] };
}

/** Adds a layer to a schedule, above the others unless a position is given. */
export async function createOncallLayer(
  prisma: PrismaClient,
  auth: ProjectScope,
  scheduleId: string,
  input: OncallLayerInput,
): Promise<OncallScheduleWithLayers> {
  return prisma.$transaction(async (tx) => {
    const schedule = await findOncallSchedule(tx, auth.projectId, scheduleId);
    if (schedule.layers.length >= ONCALL_LIMITS.layersPerSchedule)
      throw new ApiError('conflict', `a schedule has at most ${ONCALL_LIMITS.layersPerSchedule} layers`);
    await requireAccountMembers(tx, auth.accountId, input.userIds, usersField);
    const top = schedule.layers.reduce((max, l) => Math.max(max, l.position), -1);
    const layer = await tx.oncallLayer.create({ data: { scheduleId, ...layerData(input, input.position ?? Math.min(top + 1, 1000)) } });
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_layer.create', layerTarget(schedule, layer)));
    return findOncallSchedule(tx, auth.projectId, scheduleId);
  });
}

async function findLayer(schedule: OncallScheduleWithLayers, layerId: string): Promise<OncallLayer> {
  const layer = schedule.layers.find((l) => l.id === layerId);
  if (!layer) throw ApiError.notFound('layer not found');
  return layer;
}

/** The API body of a stored layer (its response without id and created_at): what an update's partial body is merged onto. */
export function layerBodyOf(l: OncallLayer): Record<string, unknown> {
  const { id: _id, created_at: _createdAt, ...body } = presentOncallLayer(l);
  return body;
}

/** Partial update: absent fields keep their values, the merged layer is validated as a whole. */
export async function updateOncallLayer(
  prisma: PrismaClient,
  auth: ProjectScope,
  scheduleId: string,
  layerId: string,
  body: Record<string, unknown>,
): Promise<OncallScheduleWithLayers> {
  return prisma.$transaction(async (tx) => {
    const schedule = await findOncallSchedule(tx, auth.projectId, scheduleId);
    const layer = await findLayer(schedule, layerId);
    const input = validateOncallLayerInput({ ...layerBodyOf(layer), ...body });
    await requireAccountMembers(tx, auth.accountId, input.userIds, usersField);
    const updated = await tx.oncallLayer.update({ where: { id: layerId }, data: layerData(input, input.position ?? layer.position) });
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_layer.change', layerTarget(schedule, updated)));
    return findOncallSchedule(tx, auth.projectId, scheduleId);
  });
}

export async function deleteOncallLayer(prisma: PrismaClient, auth: ProjectScope, scheduleId: string, layerId: string): Promise<OncallScheduleWithLayers> {
  return prisma.$transaction(async (tx) => {
    const schedule = await findOncallSchedule(tx, auth.projectId, scheduleId);
    const layer = await findLayer(schedule, layerId);
    await tx.oncallLayer.delete({ where: { id: layerId } });
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_layer.delete', layerTarget(schedule, layer)));
    return findOncallSchedule(tx, auth.projectId, scheduleId);
  });
}
