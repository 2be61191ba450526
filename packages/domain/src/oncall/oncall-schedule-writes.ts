import { randomToken } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import { recordAuditEvent, type AuditAction } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { ONCALL_LIMITS, type OncallScheduleInput } from './oncall-input.js';
import { findOncallSchedule, type OncallScheduleWithLayers } from './oncall-reads.js';

/** How the audit log names a schedule. */
export function oncallScheduleTarget(s: { id: string; name: string }): string {
  return `on-call schedule "${s.name}" (${s.id})`;
}

/** The secret of an iCal feed URL: 24 random bytes. */
export const newFeedToken = (): string => randomToken(24);

/** The audit event of a change to a schedule or its parts, in the schedule's project. */
export function oncallAudit(auth: ProjectScope, action: AuditAction, target: string) {
  return { accountId: auth.accountId, projectId: auth.projectId, actor: auth.actor, action, target };
}

export async function createOncallSchedule(prisma: PrismaClient, auth: ProjectScope, input: OncallScheduleInput): Promise<OncallScheduleWithLayers> {
  const count = await prisma.oncallSchedule.count({ where: { projectId: auth.projectId } });
  if (count >= ONCALL_LIMITS.schedulesPerProject)
    throw new ApiError('conflict', `a project has at most ${ONCALL_LIMITS.schedulesPerProject} on-call schedules`);
  return prisma.$transaction(async (tx) => {
    const row = await tx.oncallSchedule.create({ data: { projectId: auth.projectId, ...input, icalToken: newFeedToken() }, include: { layers: true } });
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_schedule.create', oncallScheduleTarget(row)));
    return row;
  });
}

export async function updateOncallSchedule(
  prisma: PrismaClient,
  auth: ProjectScope,
  id: string,
  input: OncallScheduleInput,
): Promise<OncallScheduleWithLayers> {
  return prisma.$transaction(async (tx) => {
    await findOncallSchedule(tx, auth.projectId, id);
    await tx.oncallSchedule.update({ where: { id }, data: input });
    const row = await findOncallSchedule(tx, auth.projectId, id);
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_schedule.change', oncallScheduleTarget(row)));
    return row;
  });
}

/** Deletes a schedule with its layers and overrides. */
export async function deleteOncallSchedule(prisma: PrismaClient, auth: ProjectScope, id: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const row = await findOncallSchedule(tx, auth.projectId, id);
    await tx.oncallSchedule.delete({ where: { id } });
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_schedule.delete', oncallScheduleTarget(row)));
  });
}

/** Replaces the secret of the schedule's iCal feed: the old URL stops working at once. */
export async function rotateOncallScheduleFeed(prisma: PrismaClient, auth: ProjectScope, id: string): Promise<OncallScheduleWithLayers> {
  return prisma.$transaction(async (tx) => {
    await findOncallSchedule(tx, auth.projectId, id);
    await tx.oncallSchedule.update({ where: { id }, data: { icalToken: newFeedToken() } });
    const row = await findOncallSchedule(tx, auth.projectId, id);
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_schedule.rotate_feed', oncallScheduleTarget(row)));
    return row;
  });
}
