/** `<base>/status/<public_key>`: a project's public status page (docs/status-pages.md). */
export function statusPageUrl(base: string, publicKey: string): string {
  return `${base}/status/${publicKey}`;
}

/** The NOTIFY channel on which the notifier hears of status page notices to fan out (a poll backs it up). */
export const STATUS_PAGE_NOTICES_CHANNEL = 'status_page_notices';

/** The shape of subscription tokens (24 random bytes, base64url); anything else is refused unlooked. */
export const SUBSCRIPTION_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The confirmation link mailed on subscribing (GET shows a button, POST confirms). */
export function confirmSubscriptionUrl(base: string, publicKey: string, token: string): string {
  return `${statusPageUrl(base, publicKey)}/confirm/${token}`;
}

/** Every subscriber mail's unsubscribe link: GET shows a button, POST (RFC 8058 one-click too) removes. */
export function unsubscribeUrl(base: string, publicKey: string, token: string): string {
  return `${statusPageUrl(base, publicKey)}/unsubscribe/${token}`;
}
