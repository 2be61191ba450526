import type { DeliveryJob } from '@upmon/queue';

/**
 * One `digest` delivery per (integration, check) of the held rows released together (by
 * held-release and maintenance-release). Its held ids, hence its job id, are what the
 * redis-recovery task rebuilds from the rows sharing one `released_at`.
 */
export function digestJobs(rows: readonly { id: bigint; integration_id: number; check_id: string }[]): DeliveryJob[] {
  const groups = new Map<string, DeliveryJob>();
  for (const r of rows) {
    const key = `${r.integration_id}/${r.check_id}`;
    const job = groups.get(key) ?? { integrationId: r.integration_id, checkId: r.check_id, event: 'digest', heldIds: [] };
    job.heldIds?.push(r.id.toString());
    groups.set(key, job);
  }
  return [...groups.values()];
}
