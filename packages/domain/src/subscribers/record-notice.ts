import { STATUS_PAGE_NOTICES_CHANNEL } from '@upmon/core';
import type { Prisma } from '@upmon/db';

export type NoticeKind = 'opened' | 'updated' | 'resolved';

/** What subscribers are told about an incident's update: its first, a resolution, or another. */
export function noticeKindOf(update: { state: string }, first: boolean): NoticeKind {
  if (first) return 'opened';
  return update.state === 'resolved' ? 'resolved' : 'updated';
}

/**
 * Records, in the transaction that posted the update, that the page's subscribers are to be told
 * of it (docs/status-pages.md, "Subscribers"): the notifier fans the notice out once it is
 * committed, so a rolled-back update mails nobody and a committed one is never forgotten.
 */
export async function recordNotice(tx: Prisma.TransactionClient, updateId: string, kind: NoticeKind, now: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO status_page_notices (status_page_id, update_id, kind, created_at)
    SELECT i.status_page_id, u.id, ${kind}, ${now}
      FROM status_page_incident_updates u JOIN status_page_incidents i ON i.id = u.incident_id
     WHERE u.id = ${updateId}::uuid`;
  await tx.$executeRaw`SELECT pg_notify(${STATUS_PAGE_NOTICES_CHANNEL}, '')`;
}
