import type { OncallOverride, PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import { isoTimestamp } from '../timestamps.js';
import type { ProjectScope } from '../project-scope.js';
import { ONCALL_LIMITS, validateOncallOverrideInput, type OncallOverrideInput } from './oncall-input.js';
import { requireAccountMembers } from './oncall-members.js';
import { findOncallSchedule } from './oncall-reads.js';
import { oncallAudit, oncallScheduleTarget } from './oncall-schedule-writes.js';

const overrideTarget = (s: { id: string; name: string }, o: OncallOverride) =>
  `override (${o.id}) of ${oncallScheduleTarget(s)}: user ${o.userId} from ${isoTimestamp(o.startsAt)} to ${isoTimestamp(o.endsAt)}`;
const userField = () => 'user';

/** Puts a person on call for a window, above every layer. */
export async function createOncallOverride(
  prisma: PrismaClient,
  auth: ProjectScope,
  scheduleId: string,
  input: OncallOverrideInput,
  now: Date,
): Promise<OncallOverride> {
  return prisma.$transaction(async (tx) => {
    const schedule = await findOncallSchedule(tx, auth.projectId, scheduleId);
    const open = await tx.oncallOverride.count({ where: { scheduleId, endsAt: { gt: now } } });
    if (open >= ONCALL_LIMITS.openOverridesPerSchedule) {
      throw new ApiError('conflict', `a schedule has at most ${ONCALL_LIMITS.openOverridesPerSchedule} overrides that have not ended: delete some first`);
    }
    await requireAccountMembers(tx, auth.accountId, [input.userId], userField);
    const row = await tx.oncallOverride.create({ data: { scheduleId, ...input } });
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_override.create', overrideTarget(schedule, row)));
    return row;
  });
}

async function findOverride(prisma: Pick<PrismaClient, 'oncallOverride'>, scheduleId: string, id: string): Promise<OncallOverride> {
  const row = await prisma.oncallOverride.findFirst({ where: { id, scheduleId } });
  if (!row) throw ApiError.notFound('override not found');
  return row;
}

/** Partial update of an override, validated on the merged result. */
export async function updateOncallOverride(
  prisma: PrismaClient,
  auth: ProjectScope,
  scheduleId: string,
  id: string,
  body: Record<string, unknown>,
): Promise<OncallOverride> {
  return prisma.$transaction(async (tx) => {
    const schedule = await findOncallSchedule(tx, auth.projectId, scheduleId);
    const old = await findOverride(tx, scheduleId, id);
    const input = validateOncallOverrideInput({ user: old.userId, starts_at: old.startsAt.toISOString(), ends_at: old.endsAt.toISOString(), ...body });
    await requireAccountMembers(tx, auth.accountId, [input.userId], userField);
    const row = await tx.oncallOverride.update({ where: { id }, data: input });
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_override.change', overrideTarget(schedule, row)));
    return row;
  });
}

export async function deleteOncallOverride(prisma: PrismaClient, auth: ProjectScope, scheduleId: string, id: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const schedule = await findOncallSchedule(tx, auth.projectId, scheduleId);
    const row = await findOverride(tx, scheduleId, id);
    await tx.oncallOverride.delete({ where: { id } });
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_override.delete', overrideTarget(schedule, row)));
  });
}
