import { statusPageUrl } from '@upmon/core';
import type { NoticeContent } from './subscriber-mail.js';

/**
 * The JSON a webhook subscriber receives for a notice (docs/status-pages.md, "Webhook
 * subscribers"). `delivery_id` is the same on every attempt (and in the `X-Upmon-Delivery`
 * header): HTTP has no way to know whether a receiver that timed out kept the request, so a
 * retried delivery may arrive twice and the receiver tells by this id.
 */
export function subscriberWebhookBody(appBaseUrl: string, n: NoticeContent, deliveryId: string): string {
  return JSON.stringify({
    delivery_id: deliveryId,
    event: `incident.${n.kind}`,
    page: { id: n.publicKey, name: n.pageTitle, url: statusPageUrl(appBaseUrl, n.publicKey) },
    incident: { id: n.incidentId, name: n.incidentTitle, status: n.state },
    update: { id: n.updateId, status: n.state, body: n.message, created_at: n.postedAt.toISOString() },
  });
}
