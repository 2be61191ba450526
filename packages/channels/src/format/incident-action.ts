import type { Notification } from '@upmon/core';

/**
 * What incident-style providers (PagerDuty, Opsgenie, Splunk On-Call, Pushover's emergency
 * alerts) are asked to do: open (or update) the check's incident while it is down or late, and
 * close it otherwise: an up, a digest ending in any other status (paused, new: nobody is watching
 * that check any more), and test notifications (status up: they prove the key and page nobody).
 */
export function incidentAction(n: Notification): 'open' | 'close' {
  return n.status === 'down' || n.status === 'late' ? 'open' : 'close';
}

/**
 * The key that makes a check's alerts one incident at the provider (PagerDuty's dedup_key,
 * Opsgenie's alias, Splunk On-Call's entity_id): the check id. A check has at most one outage
 * open at a time, and the providers deduplicate only against open incidents, so after the
 * recovery closed it the next down opens a new incident: one per outage.
 */
export function incidentKey(n: Notification): string {
  return n.checkId;
}
