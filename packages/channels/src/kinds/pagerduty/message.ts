import type { Notification } from '@upmon/core';
import { clip } from '../../format/clip.js';
import { incidentAction, incidentKey } from '../../format/incident-action.js';

/**
 * Events API v2 event for a notification: down (and reminders, and a digest ending down) trigger
 * a critical alert, late a warning; everything else resolves (incident-action.ts). dedup_key =
 * the check id, so the alerts of one outage are one incident.
 */
export function pagerDutyEvent(n: Notification, routingKey: string): Record<string, unknown> {
  const base = { routing_key: routingKey, dedup_key: incidentKey(n) };
  if (incidentAction(n) === 'close') return { ...base, event_action: 'resolve' };
  return {
    ...base,
    event_action: 'trigger',
    client: 'upmon',
    client_url: n.link,
    links: [{ href: n.link, text: 'Open the check in upmon' }, ...(n.ackLink ? [{ href: n.ackLink, text: 'Acknowledge in upmon' }] : [])],
    payload: {
      summary: clip(n.headline, 1024),
      source: 'upmon',
      severity: n.status === 'down' ? 'critical' : 'warning',
      timestamp: n.at.toISOString(),
      component: n.checkName,
      custom_details: Object.fromEntries(n.fields.map((f) => [f.label, f.value])),
    },
  };
}
