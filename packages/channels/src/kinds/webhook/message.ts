import { createHmac } from 'node:crypto';
import { escapingForContentType, renderTemplate, type Notification } from '@upmon/core';

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

/** The body: the template with placeholders substituted (escaped for its content type), or the default JSON object. */
export function webhookBody(n: Notification, contentType: string, template: string | undefined): string {
  return template ? renderTemplate(template, n.values, escapingForContentType(contentType)) : defaultWebhookBody(n);
}
