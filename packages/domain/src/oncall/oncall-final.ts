import { finalSchedule, NEXT_HORIZON_DAYS, onCallNowAndNext, type Shift } from '@upmon/core';
import type { PrismaClient } from '@upmon/db';
import { overridesBetween, scheduleModelOf, type OncallScheduleWithLayers } from './oncall-reads.js';

/** The final schedule of a stored schedule within [from, to) (the range bounded by the caller). */
export async function oncallFinalSchedule(prisma: PrismaClient, schedule: OncallScheduleWithLayers, from: Date, to: Date): Promise<Shift[]> {
  return finalSchedule(scheduleModelOf(schedule, await overridesBetween(prisma, schedule.id, from, to)), from, to);
}

/** Who is on call at `at` and who is next: what an escalation step asks of a schedule. */
export async function oncallNowAndNext(prisma: PrismaClient, schedule: OncallScheduleWithLayers, at: Date): Promise<{ now: Shift | null; next: Shift | null }> {
  const overrides = await overridesBetween(prisma, schedule.id, at, new Date(at.getTime() + NEXT_HORIZON_DAYS * 86_400_000));
  return onCallNowAndNext(scheduleModelOf(schedule, overrides), at);
}
