import { renderIcal, type CalendarEvent, type Shift } from '@upmon/core';
import type { PrismaClient } from '@upmon/db';
import { oncallFinalSchedule } from './oncall-final.js';
import { findOncallScheduleByFeedToken, listOncallSchedules, userNames, type OncallScheduleWithLayers } from './oncall-reads.js';

/** What a feed shows: shifts from a week ago to 90 days ahead (docs/oncall.md, "iCal feeds"). */
const FEED_PAST_DAYS = 7;
const FEED_AHEAD_DAYS = 90;
const DAY_MS = 86_400_000;
/** A feed token as newFeedToken makes them (24 bytes, base64url): anything else is refused unread. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{32}$/;

function feedRange(now: Date): [Date, Date] {
  return [new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS), new Date(now.getTime() + FEED_AHEAD_DAYS * DAY_MS)];
}

function shiftEvent(schedule: OncallScheduleWithLayers, shift: Shift, names: ReadonlyMap<string, string>): CalendarEvent {
  const who = names.get(shift.userId) ?? shift.userId;
  return {
    uid: `${schedule.id}-${shift.userId}-${shift.start.getTime()}@upmon`,
    start: shift.start,
    end: shift.end,
    summary: `On call: ${who} (${schedule.name})`,
    ...(schedule.description ? { description: schedule.description } : {}),
  };
}

/**
 * The iCal text of the feed a secret token names, as of `now`: a schedule's final schedule, or a
 * person's own shifts in every schedule of the project. Null for a token that names nothing (a
 * rotated one included).
 */
export async function oncallCalendar(prisma: PrismaClient, token: string, now: Date): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const [from, to] = feedRange(now);
  const schedule = await findOncallScheduleByFeedToken(prisma, token);
  if (schedule) {
    const shifts = await oncallFinalSchedule(prisma, schedule, from, to);
    const names = await userNames(
      prisma,
      shifts.map((s) => s.userId),
    );
    return renderIcal(
      `On call: ${schedule.name}`,
      shifts.map((s) => shiftEvent(schedule, s, names)),
      now,
    );
  }
  const feed = await prisma.oncallUserFeed.findUnique({ where: { token } });
  if (!feed) return null;
  const names = await userNames(prisma, [feed.userId]);
  const events: CalendarEvent[] = [];
  for (const s of await listOncallSchedules(prisma, feed.projectId)) {
    for (const shift of await oncallFinalSchedule(prisma, s, from, to)) if (shift.userId === feed.userId) events.push(shiftEvent(s, shift, names));
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime());
  return renderIcal(`On call: ${names.get(feed.userId) ?? feed.userId}`, events, now);
}
