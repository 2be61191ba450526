import { createHmac } from 'node:crypto';
import { escapingForContentType, renderTemplate, type Notification } from '@upmon/core';
import type { Clock } from '@upmon/service-kit';
import type { HttpSend } from '../http/http-client.js';
import { expectSuccess } from '../http/http-response.js';
import type { Channel } from './channel.js';
import { optionalString, requiredString } from './config-fields.js';

/**
 * `X-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<unix>.<body>")>`: the receiver recomputes
 * the HMAC over the raw body to check origin, and rejects old `t` values to stop replays.
 */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * The body when there is no template: every placeholder's value under its own name (the same
 * strings `{{…}}` would give), plus the reason in words, the link and, on down alerts and
 * reminders, the signed acknowledgement link.
 */
export function defaultWebhookBody(n: Notification): string {
  return JSON.stringify({ ...n.values, reason_text: n.reasonText, link: n.link, ...(n.ackLink ? { ack_link: n.ackLink } : {}) });
}

export function createWebhookChannel(deps: { http: HttpSend; clock: Clock }): Channel {
  return {
    kind: 'webhook',
    async send({ notification, config }) {
      const url = requiredString(config, 'url');
      const contentType = optionalString(config, 'content_type') ?? 'application/json';
      const template = optionalString(config, 'body_template');
      const body = template ? renderTemplate(template, notification.values, escapingForContentType(contentType)) : defaultWebhookBody(notification);
      const headers: Record<string, string> = { 'content-type': contentType };
      const secret = optionalString(config, 'secret');
      const now = deps.clock.now();
      if (secret) headers['x-signature'] = webhookSignature(secret, Math.floor(now.getTime() / 1000), body);
      const res = await deps.http({ url, headers, body, guarded: true });
      return expectSuccess(res, now);
    },
  };
}
