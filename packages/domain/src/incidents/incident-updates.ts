import type { Prisma, PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { incidentTarget } from './create-incident.js';
import { INCIDENT_LIMITS, type IncidentUpdateEditInput, type IncidentUpdateInput } from './incident-input.js';
import { findIncident, type IncidentWithParts } from './incident-reads.js';
import { noticeKindOf, recordNotice } from '../subscribers/record-notice.js';

/**
 * Posts an update: the incident takes its state (resolved sets `resolved_at`; any other state
 * reopens a resolved incident). 409 at INCIDENT_LIMITS.updates updates.
 */
export async function addIncidentUpdate(
  prisma: PrismaClient,
  auth: ProjectScope,
  incidentId: string,
  input: IncidentUpdateInput,
  now: Date,
): Promise<IncidentWithParts> {
  return prisma.$transaction(async (tx) => {
    const stored = await lockIncident(tx, auth.projectId, incidentId);
    if (stored.updates.length >= INCIDENT_LIMITS.updates) {
      throw new ApiError('conflict', `an incident has at most ${INCIDENT_LIMITS.updates} updates: edit one, or open a new incident`);
    }
    const added = await tx.statusPageIncidentUpdate.create({ data: { incidentId, state: input.state, message: input.message, createdAt: now } });
    await tx.statusPageIncident.update({
      where: { id: incidentId },
      data: { state: input.state, resolvedAt: resolvedAtOf([added, ...stored.updates]), updatedAt: now },
    });
    await recordNotice(tx, added.id, noticeKindOf(added, false), now);
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'incident.post_update',
      target: incidentTarget(stored),
    });
    return findIncident(tx, auth.projectId, incidentId);
  });
}

/** Changes an update's message; the page marks it edited. */
export async function editIncidentUpdate(
  prisma: PrismaClient,
  auth: ProjectScope,
  incidentId: string,
  updateId: string,
  input: IncidentUpdateEditInput,
  now: Date,
): Promise<IncidentWithParts> {
  return prisma.$transaction(async (tx) => {
    const stored = await lockIncident(tx, auth.projectId, incidentId);
    requireUpdate(stored, updateId);
    await tx.statusPageIncidentUpdate.update({ where: { id: updateId }, data: { message: input.message, editedAt: now } });
    await tx.statusPageIncident.update({ where: { id: incidentId }, data: { updatedAt: now } });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'incident.edit_update',
      target: incidentTarget(stored),
    });
    return findIncident(tx, auth.projectId, incidentId);
  });
}

/**
 * Deletes an update; the incident takes the state of its newest remaining one (resolved at that
 * run of resolved updates, if resolved). The last update cannot go (409): delete the incident instead.
 */
export async function deleteIncidentUpdate(
  prisma: PrismaClient,
  auth: ProjectScope,
  incidentId: string,
  updateId: string,
  now: Date,
): Promise<IncidentWithParts> {
  return prisma.$transaction(async (tx) => {
    const stored = await lockIncident(tx, auth.projectId, incidentId);
    requireUpdate(stored, updateId);
    const rest = stored.updates.filter((u) => u.id !== updateId);
    const newest = rest[0];
    if (!newest) throw new ApiError('conflict', 'an incident keeps at least one update: delete the incident instead');
    await tx.statusPageIncidentUpdate.delete({ where: { id: updateId } });
    await tx.statusPageIncident.update({ where: { id: incidentId }, data: { state: newest.state, resolvedAt: resolvedAtOf(rest), updatedAt: now } });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'incident.delete_update',
      target: incidentTarget(stored),
    });
    return findIncident(tx, auth.projectId, incidentId);
  });
}

/**
 * When an incident with these updates (newest first) was resolved: the first of the newest run of
 * resolved updates (a second "resolved" update keeps the time), or null when the newest is not.
 */
export function resolvedAtOf(updates: readonly { state: string; createdAt: Date }[]): Date | null {
  let at: Date | null = null;
  for (const u of updates) {
    if (u.state !== 'resolved') break;
    at = u.createdAt;
  }
  return at;
}

/** The incident, its row locked for the transaction (concurrent updates of one incident queue), or 404. */
async function lockIncident(tx: Prisma.TransactionClient, projectId: string, incidentId: string): Promise<IncidentWithParts> {
  await tx.$queryRaw`SELECT 1 FROM status_page_incidents WHERE id = ${incidentId}::uuid FOR UPDATE`;
  return findIncident(tx, projectId, incidentId);
}

function requireUpdate(incident: IncidentWithParts, updateId: string): void {
  if (!incident.updates.some((u) => u.id === updateId)) throw ApiError.notFound('incident update not found');
}
