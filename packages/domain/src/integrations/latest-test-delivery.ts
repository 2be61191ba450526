import type { NotificationDelivery, PrismaClient } from '@upmon/db';

/** The newest test message's delivery of the integration since `since`, or null while none is logged. */
export function latestTestDelivery(prisma: PrismaClient, integrationId: number, since: Date): Promise<NotificationDelivery | null> {
  return prisma.notificationDelivery.findFirst({
    where: { integrationId, event: 'test', createdAt: { gte: since } },
    orderBy: { createdAt: 'desc' },
  });
}
