import type { Notification } from '@upmon/core';
import type { Clock } from '@upmon/service-kit';
import type { HttpSend } from '../http/http-client.js';
import { expectSuccess } from '../http/http-response.js';
import type { Channel } from './channel.js';
import { requiredString } from './config-fields.js';

/**
 * Events API v2 action for a notification: down (and reminders, and a digest ending down) trigger
 * a critical alert, late a warning; up resolves; a digest ending in any other status (paused, new)
 * also resolves, since nobody is watching that check any more. dedup_key = check id, so the
 * alerts of one check are one incident.
 */
export function pagerDutyEvent(n: Notification, routingKey: string): Record<string, unknown> {
  const base = { routing_key: routingKey, dedup_key: n.checkId };
  if (n.status !== 'down' && n.status !== 'late') return { ...base, event_action: 'resolve' };
  return {
    ...base,
    event_action: 'trigger',
    client: 'upmon',
    client_url: n.link,
    links: [{ href: n.link, text: 'Open the check in upmon' }, ...(n.ackLink ? [{ href: n.ackLink, text: 'Acknowledge in upmon' }] : [])],
    payload: {
      summary: n.headline.length > 1024 ? `${n.headline.slice(0, 1023)}…` : n.headline,
      source: 'upmon',
      severity: n.status === 'down' ? 'critical' : 'warning',
      timestamp: n.at.toISOString(),
      component: n.checkName,
      custom_details: Object.fromEntries(n.fields.map((f) => [f.label, f.value])),
    },
  };
}

export function createPagerDutyChannel(deps: { http: HttpSend; clock: Clock; eventsUrl: string }): Channel {
  return {
    kind: 'pagerduty',
    async send({ notification, config }) {
      const routingKey = requiredString(config, 'routing_key');
      const body = JSON.stringify(pagerDutyEvent(notification, routingKey));
      const res = await deps.http({ url: deps.eventsUrl, headers: { 'content-type': 'application/json' }, body, guarded: false });
      return expectSuccess(res, deps.clock.now());
    },
  };
}
