import type { PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ProjectScope } from '../project-scope.js';
import { requireAccountMembers } from './oncall-members.js';
import { newFeedToken, oncallAudit } from './oncall-schedule-writes.js';

/** The secret address of an iCal feed (docs/oncall.md, "iCal feeds"). */
export function oncallFeedUrl(appBaseUrl: string, token: string): string {
  return `${appBaseUrl}/ical/oncall/${token}.ics`;
}

const userField = () => 'user';

/** The token of a person's feed of their shifts in the project's schedules, made on first ask. */
export async function userFeedToken(prisma: PrismaClient, auth: ProjectScope, userId: string): Promise<string> {
  await requireAccountMembers(prisma, auth.accountId, [userId], userField);
  const row = await prisma.oncallUserFeed.upsert({
    where: { projectId_userId: { projectId: auth.projectId, userId } },
    create: { projectId: auth.projectId, userId, token: newFeedToken() },
    update: {},
  });
  return row.token;
}

/** Replaces a person's feed token (or makes one): the old address stops working at once. */
export async function rotateOncallUserFeed(prisma: PrismaClient, auth: ProjectScope, userId: string): Promise<string> {
  await requireAccountMembers(prisma, auth.accountId, [userId], userField);
  return prisma.$transaction(async (tx) => {
    const token = newFeedToken();
    await tx.oncallUserFeed.upsert({
      where: { projectId_userId: { projectId: auth.projectId, userId } },
      create: { projectId: auth.projectId, userId, token },
      update: { token },
    });
    await recordAuditEvent(tx, oncallAudit(auth, 'oncall_user_feed.rotate', `on-call feed of user ${userId}`));
    return token;
  });
}
